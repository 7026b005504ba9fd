import Domain
import XCTest

final class MessageTimelineTests: XCTestCase {
    private func page(_ offset: Int, count: Int = 20) -> [String] {
        (0..<count).map { "m\(offset + $0 + 1)" }
    }

    func testPagesStackUpwardsNumberedByOffset() {
        var timeline = MessageTimeline()
        XCTAssertEqual(timeline.receive(page: page(0), at: 0), 20)
        XCTAssertEqual(timeline.nextOffset, 20)
        XCTAssertEqual(timeline.visible.first?.origin, .server(number: 20), "the oldest loaded is on top")
        XCTAssertEqual(timeline.visible.last?.origin, .server(number: 1), "the newest is at the bottom")
        XCTAssertEqual(timeline.visible.last?.text, "m1")
        XCTAssertEqual(timeline.receive(page: page(20), at: 20), 20)
        XCTAssertEqual(timeline.visible.map(\.origin), (1...40).reversed().map { .server(number: $0) })
        XCTAssertEqual(timeline.receive(page: page(0), at: 0), 0, "a page answered twice is ignored")
        XCTAssertEqual(timeline.receive(page: [], at: 40), 0)
        XCTAssertTrue(timeline.reachedBeginning)
    }

    /// A page longer than the contract's puts one page's worth on the list; the next page is asked
    /// right after it, so the numbers still follow the offsets.
    func testALongerPageThanTheContractsIsNotTrusted() {
        var timeline = MessageTimeline()
        XCTAssertEqual(timeline.receive(page: page(0, count: 10_000), at: 0), 20)
        XCTAssertEqual(timeline.nextOffset, 20)
        XCTAssertFalse(timeline.reachedBeginning, "a long page is not the last")
        XCTAssertEqual(timeline.receive(page: page(20, count: 10_000), at: 20), 20)
        XCTAssertEqual(timeline.visible.map(\.origin), (1...40).reversed().map { .server(number: $0) })
        XCTAssertEqual(timeline.visible.first?.text, "m40")
    }

    /// The chat holds the messages near its view: those let go above and below count as rows (a
    /// hidden one does not), come back from what was saved in their order, and a page that comes
    /// while the top is let go goes on top of it, let go too.
    func testMessagesLetGoAndHeldAgainKeepTheirRowsAndOrder() {
        var timeline = MessageTimeline()
        for offset in stride(from: 0, to: 100, by: 20) { timeline.receive(page: page(offset), at: offset) }
        let all = stride(from: 0, to: 100, by: 20).flatMap { MessageTimeline.messages(of: page($0), at: $0, receivedAt: Date()) }
        timeline.appendLocal(ChatMessage(origin: .local(id: 1), text: "mine"))
        timeline.remove(.server(number: 50))
        XCTAssertEqual(timeline.serverRows, 99)
        XCTAssertEqual(timeline.number(atRow: 0), 100)
        XCTAssertEqual(timeline.number(atRow: 50), 49, "the hidden 50 has no row")
        XCTAssertEqual(timeline.row(ofNumber: 49), 50)
        XCTAssertNil(timeline.row(ofNumber: 50))

        // Held: 41...70, the rest let go.
        XCTAssertTrue(timeline.hold(41...70, adding: []))
        XCTAssertEqual(timeline.heldNumbers, 41...70)
        XCTAssertEqual(timeline.visible.map(\.origin), (41...70).reversed().filter { $0 != 50 }.map { .server(number: $0) } + [.local(id: 1)])
        XCTAssertEqual(timeline.releasedAbove, 30)
        XCTAssertEqual(timeline.releasedBelow, 40)
        XCTAssertEqual(timeline.heldServerCount, 29)
        XCTAssertEqual(timeline.serverRows, 99, "rows let go still count")

        // Further down: 11...40 are not held and must come back from the saved pages.
        XCTAssertEqual(timeline.numbersNotHeld(in: 11...60), [11...40])
        XCTAssertFalse(timeline.hold(11...60, adding: Array(all[20..<30])), "one missing: nothing changes")
        XCTAssertEqual(timeline.heldNumbers, 41...70)
        XCTAssertTrue(timeline.hold(11...60, adding: Array(all[10..<40])))
        XCTAssertEqual(timeline.visible.first?.origin, .server(number: 60))
        XCTAssertEqual(timeline.visible.dropLast().last?.origin, .server(number: 11))
        XCTAssertEqual(timeline.visible.dropLast().last?.text, "m11")
        XCTAssertEqual(timeline.releasedAbove, 40)
        XCTAssertEqual(timeline.releasedBelow, 10)

        // A page while the top is let go: its rows go on top, let go.
        XCTAssertEqual(timeline.receive(page: page(100), at: 100), 20)
        XCTAssertEqual(timeline.nextOffset, 120)
        XCTAssertEqual(timeline.releasedAbove, 60)
        XCTAssertEqual(timeline.visible.first?.origin, .server(number: 60), "nothing shown changed")
        XCTAssertEqual(timeline.number(atRow: 0), 120)

        // A far jump: nothing held is kept, all comes back.
        XCTAssertEqual(timeline.numbersNotHeld(in: 1...5), [1...5])
        XCTAssertTrue(timeline.hold(1...5, adding: Array(all[0..<5])))
        XCTAssertEqual(timeline.visible.map(\.origin), (1...5).reversed().map { .server(number: $0) } + [.local(id: 1)])
        XCTAssertEqual(timeline.releasedBelow, 0)
        XCTAssertEqual(timeline.releasedAbove, 114)
        XCTAssertFalse(timeline.hold(200...300, adding: []), "nothing loaded there")
    }

    func testEachMessageHasItsSendersAvatar() {
        XCTAssertEqual(ChatMessage(origin: .server(number: 1), text: "").avatarNumber, 1)
        XCTAssertEqual(ChatMessage(origin: .server(number: 20), text: "").avatarNumber, 20)
        XCTAssertEqual(ChatMessage(origin: .server(number: 21), text: "").avatarNumber, 1, "every 20 messages, the same faces")
        XCTAssertEqual(ChatMessage(origin: .local(id: 7), text: "").avatarNumber, 20, "the user's own")
    }

    func testAShortPageIsTheBeginning() {
        var timeline = MessageTimeline()
        timeline.receive(page: page(0, count: 7), at: 0)
        XCTAssertTrue(timeline.reachedBeginning)
        XCTAssertEqual(timeline.nextOffset, 7)
    }

    func testHiddenAndLocalMessagesNeverMoveTheOffsetsOrNumbers() {
        var timeline = MessageTimeline()
        timeline.setLocal([ChatMessage(origin: .local(id: 1), text: "mine")])
        timeline.receive(page: page(0), at: 0)
        timeline.remove(.server(number: 3))
        timeline.remove(.server(number: 20))
        timeline.appendLocal(ChatMessage(origin: .local(id: 2), text: "again"))
        XCTAssertEqual(timeline.nextOffset, 20)
        XCTAssertEqual(timeline.receive(page: page(20), at: 20), 20)
        let numbers = timeline.visible.compactMap { message -> Int? in
            if case .server(let number) = message.origin { return number } else { return nil }
        }
        XCTAssertEqual(numbers, (1...40).reversed().filter { $0 != 3 && $0 != 20 })
        XCTAssertEqual(timeline.visible.suffix(2).map(\.text), ["mine", "again"], "local messages stay at the bottom")
        timeline.remove(.local(id: 1))
        XCTAssertEqual(timeline.visible.last?.text, "again")
        XCTAssertEqual(timeline.visible.first?.accessibleName, "Message 40: m40")
        XCTAssertEqual(timeline.visible.last?.accessibleName, "Your message: again")
    }

    /// Saved pages restored at a launch, then the newest page asked again: the same texts change
    /// nothing; a history that moved replaces the server's messages with the new page and asks
    /// older pages after it; local messages stay at the bottom either way.
    func testTheNewestPageAskedAgainConfirmsOrReplacesTheSavedPages() {
        let saved = MessageTimeline.messages(of: page(0), at: 0, receivedAt: Date())
            + MessageTimeline.messages(of: page(20), at: 20, receivedAt: Date())
        var timeline = MessageTimeline()
        timeline.setLocal([ChatMessage(origin: .local(id: 1), text: "mine")])
        timeline.restore(server: saved.reversed(), nextOffset: 40, reachedBeginning: false)
        let before = timeline
        XCTAssertFalse(timeline.refreshNewest(page: page(0)))
        XCTAssertEqual(timeline, before, "the same newest page: nothing moves")

        // Two messages came since: every number moved by two.
        let moved = ["new 2", "new 1"] + page(0).prefix(18)
        XCTAssertTrue(timeline.refreshNewest(page: Array(moved)))
        XCTAssertEqual(timeline.visible.count, 21)
        XCTAssertEqual(timeline.visible.dropLast().map(\.text), Array(moved.reversed()))
        XCTAssertEqual(timeline.visible.last?.text, "mine", "the user's own stay at the bottom")
        XCTAssertEqual(timeline.nextOffset, 20, "older pages are asked again after the new one")

        // A history now shorter than a page; and one that is empty.
        var short = MessageTimeline()
        short.restore(server: saved.reversed(), nextOffset: 40, reachedBeginning: false)
        XCTAssertTrue(short.refreshNewest(page: page(0, count: 5)))
        XCTAssertTrue(short.reachedBeginning)
        XCTAssertFalse(short.refreshNewest(page: page(0, count: 5)), "a short page that agrees, with the beginning reached")
        XCTAssertTrue(short.refreshNewest(page: []))
        XCTAssertFalse(short.hasVisible)
    }
}
