import Domain
import Foundation
import XCTest

/// Pages merged into posts saved at an earlier launch.
final class FeedMergeTests: XCTestCase {
    private func posts(_ ids: [Int]) -> [MediaPost] {
        ids.map { MediaPost(id: String($0), url: URL(string: "http://127.0.0.1/\($0).jpg")!, kind: .image) }
    }

    private func ids(_ posts: [MediaPost]) -> [Int] { posts.compactMap { Int($0.id) } }

    /// The one range rule the shown and the saved posts follow: below the id asked after, down to
    /// a full page's last id or to the feed's end; none where an id that is not a number bounds it.
    func testAPagesRangeIsBelowTheIdAskedAfterDownToItsLastOrTheEnd() throws {
        let first = try XCTUnwrap(FeedPageRange(page: posts([105, 104, 100]), after: "", pageSize: 3))
        XCTAssertEqual(first, FeedPageRange(page: posts([105, 104, 100]), after: "", pageSize: 3))
        XCTAssertEqual([first.below, first.downTo], [nil, 100])
        XCTAssertEqual([106, 105, 100, 99].map(first.contains), [true, true, true, false])
        XCTAssertFalse(first.reachesTheEnd)

        let last = try XCTUnwrap(FeedPageRange(page: posts([99, 97]), after: "100", pageSize: 3))
        XCTAssertEqual([last.below, last.downTo], [100, nil])
        XCTAssertEqual([100, 99, 1, -5].map(last.contains), [false, true, true, true])
        XCTAssertTrue(last.reachesTheEnd)

        XCTAssertNil(FeedPageRange(page: posts([99, 97]), after: "post-7", pageSize: 3), "asked after an id that is not a number")
        let unnumbered = [MediaPost(id: "x", url: URL(string: "http://127.0.0.1/x.jpg")!, kind: .image)]
        XCTAssertNil(FeedPageRange(page: posts([99, 97]) + unnumbered, after: "100", pageSize: 3), "a full page ending on one")
        XCTAssertNotNil(FeedPageRange(page: posts([99]) + unnumbered, after: "100", pageSize: 3), "a short page ends the feed whatever its last id")
    }

    func testAFirstPageBringsNewPostsAboveAndDropsTheDeletedInItsRange() {
        // Saved: 20 posts. Since then 105 and 104 were posted, 98 and 95 deleted.
        var shown = posts(Array((81...100).reversed()))
        let page = posts([105, 104, 100, 99, 97, 96, 94, 93, 92, 91])
        let merge = FeedMerge.merge(page, into: &shown, confirmed: 0, pageSize: 10)
        XCTAssertEqual(ids(shown), [105, 104, 100, 99, 97, 96, 94, 93, 92, 91] + Array((81...90).reversed()))
        XCTAssertEqual(merge.confirmed, 10)
        XCTAssertEqual(merge.replaced, 10, "100 down to 91 were in the page's range")
        XCTAssertEqual(merge.dropped, ["98", "95"])
        XCTAssertEqual(ids(merge.fresh), ids(page))
        XCTAssertEqual(merge.leftOut, [])
    }

    func testTheNextPageConfirmsBelowTheHeadOnly() {
        var shown = posts([105, 104, 100, 99, 97, 96, 94, 93, 92, 91] + Array((81...90).reversed()))
        let page = posts([90, 89, 88, 86, 85, 84, 83, 82, 81, 79])
        let merge = FeedMerge.merge(page, into: &shown, confirmed: 10, pageSize: 10)
        XCTAssertEqual(ids(shown), [105, 104, 100, 99, 97, 96, 94, 93, 92, 91, 90, 89, 88, 86, 85, 84, 83, 82, 81, 79])
        XCTAssertEqual(merge.dropped, ["87"])
        XCTAssertEqual(merge.confirmed, 20)
    }

    func testSavedPostsBelowThePageStayToBeConfirmedLater() {
        var shown = posts(Array((61...100).reversed()))
        let merge = FeedMerge.merge(posts(Array((91...100).reversed())), into: &shown, confirmed: 0, pageSize: 10)
        XCTAssertEqual(shown.count, 40)
        XCTAssertEqual(merge.confirmed, 10)
        XCTAssertEqual(merge.dropped, [])
    }

    func testAShortPageEndsTheFeedAndDropsEverySavedPostBelow() {
        var shown = posts(Array((61...100).reversed()))
        let merge = FeedMerge.merge(posts([62, 61, 60]), into: &shown, confirmed: 38, pageSize: 10)
        XCTAssertEqual(ids(shown), Array((63...100).reversed()) + [62, 61, 60])
        XCTAssertEqual(merge.confirmed, 41)
        let empty = FeedMerge.merge([], into: &shown, confirmed: 10, pageSize: 10)
        XCTAssertEqual(shown.count, 10, "an empty page: nothing after the head")
        XCTAssertEqual(empty.dropped.count, 31)
    }

    func testNothingSavedIsAPlainAppendWithRepeatsLeftOut() {
        var shown = posts([100, 99])
        let merge = FeedMerge.merge(posts([99, 98, 98, 97]), into: &shown, confirmed: 2, pageSize: 10)
        XCTAssertEqual(ids(shown), [100, 99, 98, 97])
        XCTAssertEqual(merge.leftOut, ["99", "98"])
        XCTAssertEqual(merge.replaced, 0)
    }

    func testIdsThatAreNotNumbersArePlacedByThePageAlone() {
        var shown = [MediaPost(id: "b", url: URL(string: "http://127.0.0.1/b.jpg")!, kind: .image),
                     MediaPost(id: "x", url: URL(string: "http://127.0.0.1/x.jpg")!, kind: .image),
                     MediaPost(id: "a", url: URL(string: "http://127.0.0.1/a.jpg")!, kind: .image)]
        let page = [MediaPost(id: "c", url: URL(string: "http://127.0.0.1/c.jpg")!, kind: .image),
                    MediaPost(id: "a", url: URL(string: "http://127.0.0.1/a2.jpg")!, kind: .image)]
        FeedMerge.merge(page, into: &shown, confirmed: 0, pageSize: 2)
        XCTAssertEqual(shown.map(\.id), ["c", "a", "b", "x"], "the page's posts first, each id once")
        XCTAssertEqual(shown[1].url.lastPathComponent, "a2.jpg", "the page's copy")
    }
}
