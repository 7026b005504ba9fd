import Domain
import Foundation

/// One picture or clip the viewer shows: a feed post, a gallery item, a fact's picture.
struct ViewerItem: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// A picture; an animated one plays.
        case picture
        /// A clip, played by the player helper.
        case clip
    }

    /// What the section knows it by (a post's id, an item's uuid).
    let id: String
    let url: URL
    let kind: Kind
    /// What the header bar and a screen reader say for it.
    let name: String
}

extension ViewerItem {
    /// A feed post: a picture or a clip.
    init(post: MediaPost) {
        self.init(id: post.id, url: post.url, kind: post.kind == .video ? .clip : .picture, name: post.accessibleName)
    }
}
