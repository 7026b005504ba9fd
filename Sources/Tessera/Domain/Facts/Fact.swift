import Foundation
import Localization

/// A cleaned facts row: a title or description, and only a usable http(s) image link.
public struct Fact: Equatable, Sendable, Identifiable {
    /// The row's position in the feed, counted from 0 over the rows that were kept.
    public var id: Int
    public var title: String?
    public var description: String?
    public var imageURL: URL?
    /// The link as the feed gave it when it could not be used (malformed or not http).
    public var rejectedImageLink: String?

    public init(id: Int, title: String?, description: String?, imageURL: URL?, rejectedImageLink: String? = nil) {
        self.id = id
        self.title = title
        self.description = description
        self.imageURL = imageURL
        self.rejectedImageLink = rejectedImageLink
    }

    /// A picture card, even when its link was unusable (it shows the broken icon).
    public var hasPicture: Bool { imageURL != nil || rejectedImageLink != nil }

    /// What a card, a header bar and a screen reader call the row (the title's preview).
    public var displayTitle: String { title?.preview ?? tr("Untitled") }

    /// "<title>: <description>", or whichever of the two there is, each a preview.
    public var accessibleName: String {
        switch (title?.preview, description?.preview) {
        case let (title?, description?): tr("{title}: {description}", ["title": title, "description": description])
        case let (title?, nil): title
        case let (nil, description?): tr("Untitled: {description}", ["description": description])
        case (nil, nil): tr("Untitled")
        }
    }
}

/// The whole feed: its title and the kept rows in order.
public struct FactsFeed: Equatable, Sendable {
    /// The most rows; a longer feed is refused in words and what shows stays.
    public static let maximumRows = 200_000

    public var title: String?
    public var facts: [Fact]
    /// Rows dropped because every field was empty.
    public var skippedRows: Int

    public init(title: String?, facts: [Fact], skippedRows: Int = 0) {
        self.title = title
        self.facts = facts
        self.skippedRows = skippedRows
    }
}

public enum FactsDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case notJSON
    /// JSON, but not an object with a rows array.
    case unexpectedShape
    /// More rows than `FactsFeed.maximumRows`.
    case tooManyRows(Int)

    public var description: String {
        switch self {
        case .empty: tr("The facts feed was empty.")
        case .notJSON: tr("The facts feed is not valid JSON.")
        case .unexpectedShape: tr("The facts feed has no list of rows.")
        case .tooManyRows(let count):
            tr("The facts feed has {count} rows, more than the {limit} Tessera shows.",
               ["count": String(count), "limit": String(FactsFeed.maximumRows)])
        }
    }
}

/// Decodes through the real feed's quirks: Windows-1252, nulls, null rows, spaces, bad links, odd types.
public enum FactsDecoder {
    /// - Parameter maximumRows: past it the feed is refused (`tooManyRows`).
    public static func decode(_ data: Data, maximumRows: Int = FactsFeed.maximumRows) throws(FactsDecodingError) -> FactsFeed {
        guard !data.isEmpty else { throw .empty }
        let utf8 = String(data: data, encoding: .utf8) != nil ? data : Data(windows1252(data).utf8)
        let shape: FeedShape
        do {
            shape = try JSONDecoder().decode(FeedShape.self, from: utf8)
        } catch DecodingError.dataCorrupted {
            throw .notJSON
        } catch {
            throw .unexpectedShape
        }
        guard shape.rows.count <= maximumRows else { throw .tooManyRows(shape.rows.count) }
        var facts: [Fact] = []
        facts.reserveCapacity(shape.rows.count)
        var skipped = 0
        for case let row? in shape.rows.lazy.map(\.row) {
            let title = cleaned(row.title)
            let description = cleaned(row.description)
            let link = cleaned(row.imageHref)
            guard title != nil || description != nil else {
                skipped += 1 // an image alone says nothing; a row of nulls is noise
                continue
            }
            let url = link.flatMap(imageURL)
            facts.append(Fact(id: facts.count, title: title, description: description, imageURL: url,
                              rejectedImageLink: url == nil ? link : nil))
        }
        return FactsFeed(title: cleaned(shape.title), facts: facts, skippedRows: skipped)
    }

    /// The feed as it is read: `{"title": …, "rows": [{"title": …, "description": …, "imageHref": …}]}`.
    private struct FeedShape: Decodable {
        var title: String?
        var rows: [Entry]

        private enum CodingKeys: String, CodingKey { case title, rows }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = Self.text(in: container, .title)
            rows = try container.decode([Entry].self, forKey: .rows)
        }

        /// A field's text; nil when it is missing, null or not text.
        static func text<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, _ key: Key) -> String? {
            (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
        }
    }

    /// One entry of the rows: a row when it is an object, else nothing.
    private struct Entry: Decodable {
        var row: Row?

        init(from decoder: any Decoder) throws {
            row = try? Row(from: decoder)
        }
    }

    private struct Row: Decodable {
        var title: String?
        var description: String?
        var imageHref: String?

        private enum CodingKeys: String, CodingKey { case title, description, imageHref }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = FeedShape.text(in: container, .title)
            description = FeedShape.text(in: container, .description)
            imageHref = FeedShape.text(in: container, .imageHref)
        }
    }

    /// A string field with surrounding white space trimmed; nil for none or blank.
    static func cleaned(_ value: String?) -> String? {
        guard let value else { return nil }
        let trimmed = value.trimmedOfWhiteSpace()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A `WebURL` or nil; the malformed link's bracket lands in no real host.
    static func imageURL(_ link: String) -> URL? {
        guard let url = URL(string: link), WebURL.isWeb(url), let host = url.host,
              !host.contains("["), !host.contains("]") else { return nil }
        return url
    }

    /// Windows-1252 maps every byte, so this never fails.
    static func windows1252(_ data: Data) -> String {
        String(data: data, encoding: .windowsCP1252) ?? String(data.map { Character(Unicode.Scalar($0)) })
    }
}
