/// Lines are split by bytes, not Characters: a space followed by a combining mark is one Character,
/// and a Character split would not split there, so one side would read what the other did not write.
extension String {
    func wireFields(maxSplits: Int = .max, omittingEmpty: Bool = true) -> [Substring] {
        self[...].wireFields(maxSplits: maxSplits, omittingEmpty: omittingEmpty)
    }

    /// What follows `prefix`'s bytes; nil when the line does not begin with them.
    func wireRest(after prefix: String) -> Substring? {
        utf8.starts(with: prefix.utf8) ? Substring(utf8.dropFirst(prefix.utf8.count)) : nil
    }
}

extension Substring {
    func wireFields(maxSplits: Int = .max, omittingEmpty: Bool = true) -> [Substring] {
        utf8.split(separator: UInt8(ascii: " "), maxSplits: maxSplits, omittingEmptySubsequences: omittingEmpty).map { Substring($0) }
    }
}
