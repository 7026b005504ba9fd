import Foundation
import Localization

/// One gallery item as the JSON document stores it: `{"uuid":"bef89c66-…","imageUrlString":"https://…"}`.
public struct GalleryItem: Codable, Equatable, Sendable, Identifiable {
    public var uuid: String
    public var imageUrlString: String

    public init(uuid: String, imageUrlString: String) {
        self.uuid = uuid
        self.imageUrlString = imageUrlString
    }

    /// A new item with a fresh identifier (lower-case, as the seed's examples are).
    public static func new(imageURL: URL) -> GalleryItem {
        GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: imageURL.absoluteString)
    }

    public var id: String { uuid }
    public var imageURL: URL? { URL(string: imageUrlString) }
}

/// `{"items":[…]}`; a bad row is left out and said in `leftOut`.
public struct GalleryDocument: Codable, Equatable, Sendable {
    /// The most items kept; a document past it is refused in words and left as it is, an add past it refused.
    public static let maximumItems = 100_000
    /// The largest document read; larger is refused unread and left as it is.
    public static let maximumBytes = 32 << 20

    public var items: [GalleryItem]
    /// The rows of the file that were not items, left out when it was read (never written).
    public private(set) var leftOut: [GalleryProblem] = []

    public init(items: [GalleryItem]) { self.items = items }

    private enum CodingKeys: String, CodingKey { case items }

    /// Decodes nothing, to step over a row that is not an item.
    private struct Skipped: Decodable { init(from decoder: any Decoder) {} }

    public init(from decoder: any Decoder) throws {
        var rows = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .items)
        items = []
        while !rows.isAtEnd {
            let row = rows.currentIndex
            do {
                items.append(try rows.decode(GalleryItem.self))
            } catch {
                leftOut.append(.unreadableRow(row: row, reason: Self.reason(error)))
                _ = try? rows.decode(Skipped.self)
                guard rows.currentIndex > row else { break } // nothing more can be read
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
    }

    /// Why a row is not an item, in words.
    private static func reason(_ error: any Error) -> String {
        let path: [any CodingKey]
        switch error {
        case DecodingError.keyNotFound(let key, _): return tr("it has no “{field}”", ["field": key.stringValue])
        case DecodingError.valueNotFound(_, let context): path = context.codingPath
        case DecodingError.typeMismatch(_, let context): path = context.codingPath
        default: return tr("it could not be read")
        }
        guard let field = path.last, field.intValue == nil else { return tr("it is not an item (an object with a uuid and a link)") }
        return tr("its “{field}” is not text", ["field": field.stringValue])
    }

    /// What is wrong with the items, dropping none: real copies hold duplicate and malformed uuids.
    public var problems: [GalleryProblem] {
        var problems: [GalleryProblem] = []
        // Case-blind: a UUID's value needs no lowering or hashing of text; malformed ones by text.
        var seen: [UUID: Int] = [:], seenMalformed: [String: Int] = [:]
        seen.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let first: Int?
            if let uuid = UUID(text: item.uuid) {
                first = seen[uuid]
                if first == nil { seen[uuid] = index }
            } else {
                problems.append(.malformedIdentifier(index: index, uuid: item.uuid))
                let key = item.uuid.lowercased()
                first = seenMalformed[key]
                if first == nil { seenMalformed[key] = index }
            }
            if let first {
                problems.append(.duplicateIdentifier(index: index, firstIndex: first, uuid: item.uuid))
            }
            if case .failure = LinkValidation.validate(item.imageUrlString) {
                problems.append(.invalidLink(index: index, link: item.imageUrlString))
            }
        }
        return problems
    }
}

public enum GalleryProblem: Equatable, Sendable, CustomStringConvertible {
    case malformedIdentifier(index: Int, uuid: String)
    case duplicateIdentifier(index: Int, firstIndex: Int, uuid: String)
    case invalidLink(index: Int, link: String)
    /// Row `row` (from 0) of the file was not an item and was left out.
    case unreadableRow(row: Int, reason: String)
    /// The file as it was read, with rows that were left out, is kept at `path`.
    case originalKeptAside(path: String)
    /// Journaled changes could not all be used: the list is as before them, the changes kept at `keptAt`.
    case changesLeftOut(reason: String, keptAt: String)

    public var description: String {
        switch self {
        case let .malformedIdentifier(index, uuid): tr("Item {number} has an identifier that is not a UUID: “{uuid}”.", ["number": String(index + 1), "uuid": uuid])
        case let .duplicateIdentifier(index, first, uuid): tr("Items {first} and {second} share the identifier {uuid}.", ["first": String(first + 1), "second": String(index + 1), "uuid": uuid])
        case let .invalidLink(index, link): tr("Item {number} links to “{link}”, which is not an http or https address.", ["number": String(index + 1), "link": link])
        case let .unreadableRow(row, reason): tr("Row {number} of the file was left out: {reason}.", ["number": String(row + 1), "reason": reason])
        case let .originalKeptAside(path): tr("The file as it was is kept as {path}.", ["path": path])
        case let .changesLeftOut(reason, keptAt):
            tr("Some changes made since the file was last written whole could not be used ({reason}); the gallery is as it was before them, and they are kept as {path}.",
               ["reason": reason, "path": keptAt])
        }
    }
}

/// Checks a link typed by the user: an absolute http or https URL with a host.
public enum LinkValidation {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case empty
        case notAURL
        case notHTTP(scheme: String)

        public var description: String {
            switch self {
            case .empty: tr("Enter a link to an image.")
            case .notAURL: tr("This is not a web address.")
            case .notHTTP(let scheme): tr("Only http and https links can be shown, not {scheme}.", ["scheme": scheme])
            }
        }
    }

    public static func validate(_ text: String) -> Result<URL, Failure> {
        let trimmed = text.trimmedOfWhiteSpace()
        guard !trimmed.isEmpty else { return .failure(.empty) }
        return WebURL.parse(trimmed).mapError { problem in
            switch problem {
            case .notAURL: .notAURL
            case .notHTTP(let scheme): .notHTTP(scheme: scheme)
            }
        }
    }
}

