import Domain
import Foundation
import Localization

/// One picture or clip the viewer shows: a feed post, a gallery item, a fact's picture.
public struct ViewerItem: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A picture; an animated one plays.
        case picture
        /// A clip, played by the player helper.
        case clip
    }

    /// What the section knows it by (a post's id, an item's uuid).
    public let id: String
    public let url: URL
    public let kind: Kind
    /// What the header bar and a screen reader say for it.
    public let name: String

    public init(id: String, url: URL, kind: Kind, name: String) {
        self.id = id
        self.url = url
        self.kind = kind
        self.name = name
    }
}

extension ViewerItem {
    /// A feed post, named by its place among the posts shown: its id is nothing a person knows it by.
    init(post: MediaPost, number: Int, of count: Int) {
        self.init(id: post.id, url: post.url, kind: post.kind == .video ? .clip : .picture,
                  name: tr("{number} of {count}", ["number": String(number), "count": String(count)]))
    }
}
