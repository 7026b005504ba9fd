/// The ids a page is the truth for (ids descending): below the one asked after, to its last or the end; a post
/// in range it does not name was deleted.
public struct FeedPageRange: Equatable, Sendable {
    /// The range is below this rank (the id the page was asked after); nil: from the feed's top.
    public var below: Int64?
    /// The range's lowest rank (a full page's last id); nil: down to the feed's end.
    public var downTo: Int64?

    /// The range of `page` asked after `asked` ("" for the first); nil when a non-numeric id bounds it.
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

    /// A short page ends the feed: everything below is in range.
    public var reachesTheEnd: Bool { downTo == nil }

    public func contains(rank: Int64) -> Bool {
        (below.map { rank < $0 } ?? true) && (downTo.map { rank >= $0 } ?? true)
    }
}
