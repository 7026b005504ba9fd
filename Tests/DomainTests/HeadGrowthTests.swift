import Domain
import XCTest

/// Growth at the server's head, told from texts in their places (the contract has no ids), and
/// the timeline renumbered by it.
final class HeadGrowthTests: XCTestCase {
    /// Numbers 1...40 shown; the server then gained three: the page at offset 40 is old 38...57.
    private let shown = Dictionary(uniqueKeysWithValues: (1...40).map { ($0, "m\($0)") })

    func testAPageStartingWithTheOldestShownTellsHowManyCame() {
        let page = (38...57).map { "m\($0)" }
        XCTAssertEqual(HeadGrowth.counts(explaining: page, at: 40) { shown[$0] }, [3])
        let afresh = (41...60).map { "m\($0)" }
        XCTAssertEqual(HeadGrowth.counts(explaining: afresh, at: 40) { shown[$0] }, [], "nothing came")
        XCTAssertEqual(HeadGrowth.counts(explaining: page, at: 0) { shown[$0] }, [], "nothing shown yet")
        XCTAssertEqual(HeadGrowth.counts(explaining: page, at: 40) { _ in nil }, [], "texts not known allow nothing")
    }

    /// Equal texts allow several counts; the newest page decides, and of those it allows the
    /// smallest is taken.
    func testEqualTextsAreSettledByTheNewestPage() {
        var repeated = shown
        repeated[39] = "ok"
        repeated[40] = "ok"
        // Old 40 and the page's first are both "ok": one came, or none did and two "ok" follow.
        let page = ["ok"] + (41...59).map { "m\($0)" }
        XCTAssertEqual(HeadGrowth.counts(explaining: page, at: 40) { repeated[$0] }, [1])
        let oneCame = ["new"] + (1...19).map { "m\($0)" }
        XCTAssertTrue(HeadGrowth.newest(oneCame, agreesWith: 1, loaded: 40) { repeated[$0] })
        let noneCame = (1...20).map { "m\($0)" }
        XCTAssertFalse(HeadGrowth.newest(noneCame, agreesWith: 1, loaded: 40) { repeated[$0] }, "the newest page is as it was")
        let all = Dictionary(uniqueKeysWithValues: (1...40).map { ($0, "ok") })
        XCTAssertEqual(HeadGrowth.counts(explaining: Array(repeating: "ok", count: 20), at: 40) { all[$0] }, Array(1...20))
    }

    /// At launch the newest page is set against the saved messages: what came since is counted, else nil.
    func testTheNewestPageTellsWhatCameSinceTheSavedOnes() {
        let cameThree = ["a", "b", "c"] + (1...17).map { "m\($0)" }
        XCTAssertEqual(HeadGrowth.arrived(before: cameThree, saved: 40) { shown[$0] }, 3)
        XCTAssertEqual(HeadGrowth.arrived(before: (1...20).map { "m\($0)" }, saved: 40) { shown[$0] }, 0, "nothing came")
        XCTAssertNil(HeadGrowth.arrived(before: (1...20).map { "x\($0)" }, saved: 40) { shown[$0] }, "another history")
        XCTAssertNil(HeadGrowth.arrived(before: cameThree, saved: 0) { shown[$0] }, "nothing saved")
        XCTAssertNil(HeadGrowth.arrived(before: cameThree, saved: 40) { _ in nil }, "texts not known allow nothing")
        var deleted = shown
        deleted[2] = nil
        XCTAssertEqual(HeadGrowth.arrived(before: cameThree, saved: 40) { deleted[$0] }, 3, "a message hidden is not compared")
        let oneAlike = (1...19).map { "new \($0)" } + ["m1"]
        XCTAssertNil(HeadGrowth.arrived(before: oneAlike, saved: 40) { shown[$0] }, "one text alike is not enough: the next page decides")
        XCTAssertEqual(HeadGrowth.arrived(before: oneAlike + (2...20).map { "m\($0)" }, saved: 40) { shown[$0] }, 19)
    }

    func testTheTimelineRenumbersWhatIsLoadedAndPutsTheNewestBelowIt() {
        var timeline = MessageTimeline()
        timeline.setLocal([ChatMessage(origin: .local(id: 1), text: "mine")])
        timeline.receive(page: (1...20).map { "m\($0)" }, at: 0)
        timeline.receive(page: (21...40).map { "m\($0)" }, at: 20)
        timeline.remove(.server(number: 7))
        timeline.grow(adding: (1...3).map { ChatMessage(origin: .server(number: $0), text: "new \($0)") })
        XCTAssertEqual(timeline.nextOffset, 43)
        XCTAssertEqual(timeline.hidden, [10], "the hidden message moved with the others")
        XCTAssertEqual(timeline.visible.map(\.text), (1...40).reversed().filter { $0 != 7 }.map { "m\($0)" } + ["new 3", "new 2", "new 1", "mine"])
        XCTAssertEqual(timeline.visible.first?.origin, .server(number: 43))
        XCTAssertEqual(timeline.row(ofNumber: 1), 41, "the newest at the bottom of the server's rows")
        XCTAssertEqual(timeline.receive(page: (41...60).map { "m\($0)" }, at: 43), 20, "the next page is asked after them")
    }
}
