import Foundation
import Localization

/// One post of the media feed (shared/contracts.md section 2).
public struct MediaPost: Equatable, Sendable, Identifiable {
    public enum Kind: Equatable, Sendable { case image, video }

    /// The server's id, a string of digits ("329").
    public var id: String
    public var url: URL
    public var kind: Kind

    public init(id: String, url: URL, kind: Kind) {
        self.id = id
        self.url = url
        self.kind = kind
    }

    /// What a screen reader says for the post's tile.
    public var accessibleName: String {
        switch kind {
        case .image: tr("Image post {id}", ["id": id])
        case .video: tr("Video post {id}", ["id": id])
        }
    }
}

/// Paging by the last id received: "" for the first page, then the id of the last post.
public struct FeedCursor: Equatable, Sendable {
    public static let pageSize = 10

    /// The `lastFetchId` of the next request.
    public private(set) var lastFetchID = ""
    /// The server has no more posts (an empty or short page).
    public private(set) var reachedEnd = false

    public init() {}

    public init(after id: String) { // the next page is the one after post `id`
        lastFetchID = id
    }

    /// Moves past `page`, which was asked with the current `lastFetchID`.
    public mutating func advance(past page: [MediaPost]) {
        if let last = page.last { lastFetchID = last.id }
        if page.count < Self.pageSize { reachedEnd = true }
    }
}
