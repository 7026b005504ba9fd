import Foundation

/// A list's search as a person expects: case and accents ignored ("zoe" finds "Zoë", "strasse" "Straße"), every
/// word found somewhere, in any order.
public struct TextFilter: Sendable, Equatable {
    /// The words typed, folded.
    public let words: [String]

    public init(_ typed: String) {
        words = Self.folded(typed).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Nothing typed (or only spaces): everything matches.
    public var isEmpty: Bool { words.isEmpty }

    /// `text` as it is compared: lower case, accents dropped, "ё" as "е", in contiguous UTF-8.
    /// Fold a list's texts once and match each key typed against the folded ones.
    public static func folded(_ text: String) -> String {
        var folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        folded.makeContiguousUTF8()
        return folded
    }

    /// Every word typed is in the folded `text`; UTF-8 bytes compared as they are (`contains` went through
    /// CFString).
    public func matches(folded text: String) -> Bool {
        words.allSatisfy { Self.bytes(of: text, contain: $0) }
    }

    /// Whether every text that `self` lets through is one `other` lets through as well: each
    /// word typed before is within a word typed now (a letter added, a word added).
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
