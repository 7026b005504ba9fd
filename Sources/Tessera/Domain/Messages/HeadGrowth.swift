/// Messages new at the server's head since those shown, believed only when both ends agree.
public enum HeadGrowth {
    /// Counts making `page` begin with shown messages numbered `offset - count + 1` through `offset`.
    public static func counts(explaining page: [String], at offset: Int, shown: (Int) -> String?) -> [Int] {
        guard offset > 0 else { return [] }
        return (1...min(offset, page.count)).filter { count in
            (0..<count).allSatisfy { index in shown(offset - count + 1 + index) == page[index] }
        }
    }

    /// `newest` is `count` new messages then those shown from number 1, as far as both go; unknown texts pass.
    public static func newest(_ newest: [String], agreesWith count: Int, loaded: Int, shown: (Int) -> String?) -> Bool {
        guard count > 0, newest.count >= count else { return false }
        let compared = min(newest.count - count, loaded)
        return (0..<compared).allSatisfy { index in
            shown(index + 1).map { $0 == newest[count + index] } ?? true
        }
    }

    /// How many of `newest` came before the saved messages numbered from 1 (0: none); nil when no count agrees
    /// on at least `overlap` known texts (fewer when fewer are saved).
    public static func arrived(before newest: [String], saved: Int, overlap: Int = 3, shown: (Int) -> String?) -> Int? {
        guard saved > 0 else { return nil }
        return (0..<newest.count).first { count in
            let known = (0..<min(newest.count - count, saved)).compactMap { index in shown(index + 1).map { ($0, newest[count + index]) } }
            return known.count >= min(overlap, saved) && known.allSatisfy { $0.0 == $0.1 }
        }
    }
}
