import Foundation

/// A found message and a marked stretch of its text.
public struct MessageSearchHit: Equatable, Sendable, Identifiable {
    /// What marks the start and the end of a word found in `snippet`.
    public static let markStart: Character = "\u{2}", markEnd: Character = "\u{3}"

    public var origin: ChatMessage.Origin
    /// The text around the words found, each between `markStart` and `markEnd`; "…" where it was cut.
    public var snippet: String

    public init(origin: ChatMessage.Origin, snippet: String) {
        self.origin = origin
        self.snippet = snippet
    }

    /// The index's marks put on the original text, cut near the first word found.
    public init(origin: ChatMessage.Origin, marked: String, original: String?) {
        self.origin = origin
        var text: [Character] = []
        let written = original.map(Array.init) ?? []
        // The original's letters, where they line up one for one with the index's.
        let linesUp = written.count == marked.count { $0 != Self.markStart && $0 != Self.markEnd }
        var index = 0
        for character in marked {
            if character == Self.markStart || character == Self.markEnd {
                text.append(character)
            } else {
                text.append(linesUp ? written[index] : character)
                index += 1
            }
        }
        let first = text.firstIndex(of: Self.markStart) ?? 0
        let start = max(0, first - Self.contextBefore)
        let end = min(text.count, start + Self.snippetLength)
        var snippet = String(text[start..<end])
        // A mark cut in two is closed.
        if snippet.filter({ $0 == Self.markStart }).count > snippet.filter({ $0 == Self.markEnd }).count { snippet.append(Self.markEnd) }
        self.snippet = (start > 0 ? "…" : "") + snippet + (end < text.count ? "…" : "")
    }

    /// How much of a message a hit shows: two lines of a list.
    static let snippetLength = 160
    /// How much comes before the first word found.
    static let contextBefore = 40

    /// "ё" kept as "е" (the tokenizer folds Latin accents only), one letter for one.
    public static func folded(_ text: String) -> String {
        String(text.map { character -> Character in
            switch character {
            case "ё": "е"
            case "Ё": "Е"
            default: character
            }
        })
    }

    public var id: ChatMessage.Origin { origin }

    /// The snippet in pieces, each with whether it is a word found.
    public var pieces: [(text: String, isMatch: Bool)] {
        var pieces: [(String, Bool)] = []
        var current = "", inMatch = false
        for character in snippet {
            if character == Self.markStart || character == Self.markEnd {
                if !current.isEmpty { pieces.append((current, inMatch)) }
                current = ""
                inMatch = character == Self.markStart
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { pieces.append((current, inMatch)) }
        return pieces
    }

    /// `pieces`, a word found marked as far as a typed word begins it ("the" in "they"), case and accents aside.
    public func pieces(typed: String) -> [(text: String, isMatch: Bool)] {
        let words = Self.folded(typed).split { $0.isWhitespace || $0 == "\"" }.map(String.init)
        return pieces.flatMap { piece -> [(text: String, isMatch: Bool)] in
            guard piece.isMatch else { return [piece] }
            let found = Self.folded(piece.text)
            let begun = words.filter { word in
                String(found.prefix(word.count)).compare(word, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
            }
            guard let length = begun.map(\.count).max(), length < piece.text.count else { return [piece] }
            return [(String(piece.text.prefix(length)), true), (String(piece.text.dropFirst(length)), false)]
        }
    }

    /// The snippet without its marks.
    public var plainSnippet: String { snippet.filter { $0 != Self.markStart && $0 != Self.markEnd } }

    /// Each typed word as a required prefix; quotes dropped so nothing is an operator.
    public static func query(for typed: String) -> String? {
        let words = folded(typed).split { $0.isWhitespace || $0 == "\"" }.map(String.init).filter { !$0.isEmpty }
        guard !words.isEmpty else { return nil }
        return words.map { "\"\($0)\"*" }.joined(separator: " ")
    }
}
