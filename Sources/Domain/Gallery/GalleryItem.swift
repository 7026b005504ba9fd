import Foundation

/// One gallery item as the JSON document stores it:
/// `{"uuid":"bef89c66-…","imageUrlString":"https://…"}`.
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

/// The document: `{"items":[…]}`.
public struct GalleryDocument: Codable, Equatable, Sendable {
    public var items: [GalleryItem]
    public init(items: [GalleryItem]) { self.items = items }

    /// What is wrong with a document's items, without dropping any: real copies of this file
    /// contain duplicate and malformed uuids.
    public var problems: [GalleryProblem] {
        var problems: [GalleryProblem] = []
        var seen: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if UUID(uuidString: item.uuid) == nil {
                problems.append(.malformedIdentifier(index: index, uuid: item.uuid))
            }
            if let first = seen[item.uuid.lowercased()] {
                problems.append(.duplicateIdentifier(index: index, firstIndex: first, uuid: item.uuid))
            } else {
                seen[item.uuid.lowercased()] = index
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

    public var description: String {
        switch self {
        case let .malformedIdentifier(index, uuid): "Item \(index + 1) has an identifier that is not a UUID: “\(uuid)”."
        case let .duplicateIdentifier(index, first, uuid): "Items \(first + 1) and \(index + 1) share the identifier \(uuid)."
        case let .invalidLink(index, link): "Item \(index + 1) links to “\(link)”, which is not an http or https address."
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
            case .empty: "Enter a link to an image."
            case .notAURL: "This is not a web address."
            case .notHTTP(let scheme): "Only http and https links can be shown, not \(scheme)."
            }
        }
    }

    public static func validate(_ text: String) -> Result<URL, Failure> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() else { return .failure(.notAURL) }
        guard scheme == "http" || scheme == "https" else { return .failure(.notHTTP(scheme: scheme)) }
        guard let host = url.host, !host.isEmpty else { return .failure(.notAURL) }
        return .success(url)
    }
}
