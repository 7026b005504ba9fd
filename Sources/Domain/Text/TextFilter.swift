import Foundation

/// What is typed in a list's search, matched as a person expects: case and accents ignored
/// ("zoe" finds "Zoë", "елка" finds "Ёлка", "strasse" finds "Straße"), and every word typed found
/// somewhere in the text, in any order ("smith ann" finds "Anna Smith").
public struct TextFilter: Sendable, Equatable {
    /// The words typed, folded.
    public let words: [String]

    public init(_ typed: String) {
        words = Self.folded(typed).split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    /// Nothing typed (or only spaces): everything matches.
    public var isEmpty: Bool { words.isEmpty }

    /// `text` as it is compared: lower case, accents dropped, "ё" as "е". Fold a list's texts
    /// once and match each key typed against the folded ones.
    public static func folded(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// True when every word typed is in `folded` (a text folded by `folded(_:)`).
    public func matches(folded text: String) -> Bool {
        words.allSatisfy { text.contains($0) }
    }

    public func matches(_ text: String) -> Bool { matches(folded: Self.folded(text)) }
}
