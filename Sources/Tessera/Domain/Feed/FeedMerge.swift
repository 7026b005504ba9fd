/// A page into the posts shown: within its range unnamed saved posts go, new ones come in.
public struct FeedMerge: Equatable, Sendable {
    /// Where the page's new head ends: the first `confirmed` posts are now confirmed.
    public var confirmed: Int
    /// Posts of the page that were not in the head (new to this launch, saved or not).
    public var fresh: [MediaPost]
    /// Page posts the head had already.
    public var leftOut: [String]
    /// The saved posts the page's range replaced (the saved tail's first `replaced`).
    public var replaced: Int
    /// Saved posts that were dropped: inside the page's range but not named by it.
    public var dropped: [String]

    /// An id's order (larger is newer); nil for non-numeric ids, placed by the page alone.
    public static func rank(of id: String) -> Int64? {
        Int64(id.trimmingCharacters(in: .whitespaces))
    }

    /// Merges `page` after the first `confirmed`; a short page ends the feed.
    @discardableResult
    public static func merge(_ page: [MediaPost], into posts: inout [MediaPost], confirmed: Int,
                             pageSize: Int = FeedCursor.pageSize) -> FeedMerge {
        var seen = Set(posts[..<confirmed].lazy.map(\.id))
        var fresh: [MediaPost] = [], leftOut: [String] = []
        for post in page {
            if seen.insert(post.id).inserted { fresh.append(post) } else { leftOut.append(post.id) }
        }
        let named = Set(page.lazy.map(\.id))
        // A full page with a non-numeric last id covers only what it names.
        let range = FeedPageRange(page: page, after: "", pageSize: pageSize)
        var end = confirmed, dropped: [String] = []
        while end < posts.count {
            let post = posts[end]
            let inRange = named.contains(post.id) || range.map { range in
                range.reachesTheEnd || rank(of: post.id).map(range.contains) ?? false
            } ?? false
            guard inRange else { break }
            if !named.contains(post.id) { dropped.append(post.id) }
            end += 1
        }
        let replaced = end - confirmed
        posts.replaceSubrange(confirmed..<end, with: fresh)
        // A named post further down goes too: each id shows once.
        let head = confirmed + fresh.count
        if head < posts.count, posts[head...].contains(where: { named.contains($0.id) }) {
            let rest = posts[head...].filter { !named.contains($0.id) }
            posts.replaceSubrange(head..., with: rest)
        }
        return FeedMerge(confirmed: head, fresh: fresh, leftOut: leftOut, replaced: replaced, dropped: dropped)
    }
}
