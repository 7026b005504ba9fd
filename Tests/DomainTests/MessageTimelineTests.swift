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
}
