/// How many messages came at the head of the server's list since those shown were asked (the
/// contract has no ids: a new message moves every offset). Told by texts in their places and
/// believed only when both ends agree: the older page starts with that many of the oldest shown,
/// the newest page goes on as the newest shown did. Of the counts allowed, the smallest.
public enum HeadGrowth {
    /// The counts of new messages that would make `page` (asked at `offset`, newest first) start
    /// with messages shown: its first `count` texts are those of numbers `offset - count + 1`
    /// through `offset`, in order. `shown` gives a loaded message's text by number (nil: not
    /// known, which allows nothing). Smallest first; empty when the page starts afresh.
    public static func counts(explaining page: [String], at offset: Int, shown: (Int) -> String?) -> [Int] {
        guard offset > 0 else { return [] }
        return (1...min(offset, page.count)).filter { count in
            (0..<count).allSatisfy { index in shown(offset - count + 1 + index) == page[index] }
        }
    }

    /// Whether `newest` (the page at offset 0, newest first) is `count` new messages followed by
    /// those shown from number 1 on, as far as both go (`loaded` numbers are shown); a message
    /// whose text is not known (nil) is passed over.
    public static func newest(_ newest: [String], agreesWith count: Int, loaded: Int, shown: (Int) -> String?) -> Bool {
        guard count > 0, newest.count >= count else { return false }
        let compared = min(newest.count - count, loaded)
        return (0..<compared).allSatisfy { index in
            shown(index + 1).map { $0 == newest[count + index] } ?? true
        }
    }
}
