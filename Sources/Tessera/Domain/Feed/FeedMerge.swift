/// How a page goes into the posts shown, a confirmed head and a saved tail: within its range (`FeedPageRange`)
/// saved posts it does not name go, new ones come in, saved posts below wait.
public struct FeedMerge: Equatable, Sendable {
    /// Where the page's new head ends: the first `confirmed` posts are now confirmed.
    public var confirmed: Int
    /// Posts of the page that were not in the head (new to this launch, saved or not).
    public var fresh: [MediaPost]
    /// Page posts left out because the head had them already (a page that overlaps after deletes,
    /// or one that repeats a post).
    public var leftOut: [String]
    /// The saved posts the page's range replaced (the saved tail's first `replaced`).
    public var replaced: Int
    /// Saved posts that were dropped: inside the page's range but not named by it.
    public var dropped: [String]

    /// The feed's order of an id: its number (ids are digit strings; a larger one is newer). Nil for
    /// an id that is not one, which the merge places by the page alone.
    public static func rank(of id: String) -> Int64? {
        Int64(id.trimmingCharacters(in: .whitespaces))
    }

    /// Merges `page`, asked after the head's last post, into `posts`, whose first `confirmed` are
    /// the head. A page shorter than a full one ends the feed: the whole saved tail is in its range.
    @discardableResult
    public static func merge(_ page: [MediaPost], into posts: inout [MediaPost], confirmed: Int,
                             pageSize: Int = FeedCursor.pageSize) -> FeedMerge {
        var seen = Set(posts[..<confirmed].lazy.map(\.id))
        var fresh: [MediaPost] = [], leftOut: [String] = []
        for post in page {
            if seen.insert(post.id).inserted { fresh.append(post) } else { leftOut.append(post.id) }
        }
        let named = Set(page.lazy.map(\.id))
        // Every post after the head is below the id the page was asked after. A full page whose
        // last id is not a number has no range: it covers the posts it names.
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
        // A saved post the page named that sat further down (a tail out of order) goes too: each id
        // is shown once.
        let head = confirmed + fresh.count
        if head < posts.count, posts[head...].contains(where: { named.contains($0.id) }) {
            let rest = posts[head...].filter { !named.contains($0.id) }
            posts.replaceSubrange(head..., with: rest)
        }
        return FeedMerge(confirmed: head, fresh: fresh, leftOut: leftOut, replaced: replaced, dropped: dropped)
    }
}
