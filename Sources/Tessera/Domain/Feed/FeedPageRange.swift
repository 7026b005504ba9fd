/// The ids a page of the feed is the truth for (shared/contracts.md section 2: newest first, ids
/// descending): those below the id it was asked after, down to its own last id, or to the feed's
/// end when it is shorter than a full page. A post in the range that the page does not name was
/// deleted on the server. The posts shown (`FeedMerge`) and the posts saved for the next launch
/// (`SavedFeedStore`) both follow this one rule.
public struct FeedPageRange: Equatable, Sendable {
    /// The range is below this rank (the id the page was asked after); nil: from the feed's top.
    public var below: Int64?
    /// The range's lowest rank (a full page's last id); nil: down to the feed's end.
    public var downTo: Int64?

    /// The range of `page`, asked after the post `asked` ("" for the first page). Nil when an id
    /// that is not a number bounds it (the one asked after, or a full page's last): then the page
    /// is the truth only for the posts it names.
    public init?(page: [MediaPost], after asked: String, pageSize: Int = FeedCursor.pageSize) {
        if asked.isEmpty {
            below = nil
        } else {
            guard let rank = FeedMerge.rank(of: asked) else { return nil }
            below = rank
        }
        if page.count < pageSize {
            downTo = nil
        } else {
            guard let rank = page.last.flatMap({ FeedMerge.rank(of: $0.id) }) else { return nil }
            downTo = rank
        }
    }

    /// A page shorter than a full one ends the feed: every post below the one asked after is in
    /// its range, numbered or not.
    public var reachesTheEnd: Bool { downTo == nil }

    public func contains(rank: Int64) -> Bool {
        (below.map { rank < $0 } ?? true) && (downTo.map { rank >= $0 } ?? true)
    }
}
