import Foundation

/// The http, https and mailto links in a sentence, trailing punctuation excluded.
public enum MessageLinks {
    /// A link: where it is in the text, and the address it opens.
    public struct Link: Equatable, Sendable {
        public var range: Range<String.Index>
        public var url: URL
    }

    /// The schemes that make a link, as written at the start of one.
    static let schemes = ["http://", "https://", "mailto:"]
    /// What ends a sentence rather than an address, when it comes last.
    static let trailing: Set<Character> = [".", ",", ";", ":", "!", "?", ")", "]", "}", "'", "\"", "»", "”", "’", "…"]

    /// The links in `text`, in order.
    public static func find(in text: String) -> [Link] {
        var links: [Link] = []
        var index = text.startIndex
        while index < text.endIndex {
            guard let start = nextStart(in: text, from: index) else { break }
            var end = text[start...].firstIndex { $0.isWhitespace || "<>\"«".contains($0) } ?? text.endIndex
            // A closing bracket stays when it closes one in the address ("…/Swift_(language)").
            while end > start, let last = text[text.index(before: end)...].first, trailing.contains(last),
                  last != ")" || text[start..<end].count(where: { $0 == ")" }) > text[start..<end].count(where: { $0 == "(" }) {
                end = text.index(before: end)
            }
            let written = String(text[start..<end])
            if let url = URL(string: written), isLink(url) {
                links.append(Link(range: start..<end, url: url))
            }
            index = end > start ? end : text.index(after: start)
        }
        return links
    }

    /// Where the next address starts from `index` on: a scheme at a word's beginning.
    private static func nextStart(in text: String, from index: String.Index) -> String.Index? {
        var position = index
        while position < text.endIndex {
            let head = text[position...].prefix(8).lowercased()
            if schemes.contains(where: { head.hasPrefix($0) }),
               position == text.startIndex || !text[text.index(before: position)].isLetter {
                return position
            }
            position = text.index(after: position)
        }
        return nil
    }

    /// Whether `url` is one a message opens: http or https with a host, mailto with an address.
    public static func isLink(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "http", "https": url.host.map { !$0.isEmpty } ?? false
        case "mailto": url.absoluteString.count > "mailto:".count && url.absoluteString.contains("@")
        default: false
        }
    }
}
