import Foundation

/// A search as people expect: case and accents ignored, every word somewhere, any order.
public struct TextFilter: Sendable, Equatable {
    /// The words typed, folded.
    public let words: [String]

    public init(_ typed: String) {
        words = Self.folded(typed).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Nothing typed (or only spaces): everything matches.
    public var isEmpty: Bool { words.isEmpty }

    /// `text` folded for comparing (lower case, no accents, "ё" as "е"); fold lists once.
    public static func folded(_ text: String) -> String {
        var folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        folded.makeContiguousUTF8()
        return folded
    }

    /// Every typed word is in folded `text`, bytes compared directly (`contains` used CFString).
    public func matches(folded text: String) -> Bool {
        words.allSatisfy { Self.bytes(of: text, contain: $0) }
    }

    /// Everything `self` lets through, `other` does too (a letter or word added).
    public func narrows(_ other: TextFilter) -> Bool {
        other.words.allSatisfy { old in words.contains { Self.bytes(of: $0, contain: old) } }
    }

    private static func bytes(of text: String, contain word: String) -> Bool {
        var text = text, word = word
        return text.withUTF8 { text in
            word.withUTF8 { word in
                guard !word.isEmpty else { return true }
                guard word.count <= text.count else { return false }
                // Names and titles are short: a scan for the first byte, then a compare.
                let first = word[0]
                for start in 0...(text.count - word.count) where text[start] == first {
                    if memcmp(text.baseAddress! + start, word.baseAddress!, word.count) == 0 { return true }
                }
                return false
            }
        }
    }

    public func matches(_ text: String) -> Bool { matches(folded: Self.folded(text)) }
}
