/// The five sections of the window, in sidebar order (Ctrl+1 … Ctrl+5).
public enum Section: String, CaseIterable, Codable, Sendable {
    case gallery, feed, people, messages, facts

    public var title: String {
        switch self {
        case .gallery: "Gallery"
        case .feed: "Feed"
        case .people: "People"
        case .messages: "Messages"
        case .facts: "Facts"
        }
    }

    /// A one-line description shown under the title where there is room.
    public var summary: String {
        switch self {
        case .gallery: "A mosaic of items kept in a JSON document: add, delete, select and reorder."
        case .feed: "A paged grid of images and videos with a full-window viewer."
        case .people: "Twenty people with avatars in a local database, names editable."
        case .messages: "A chat that grows upward as older messages load, with a composer."
        case .facts: "A feed of titled images, each card sized by its image."
        }
    }

    /// The symbolic icon from the freedesktop/Adwaita icon theme.
    public var iconName: String {
        switch self {
        case .gallery: "view-grid-symbolic"
        case .feed: "image-x-generic-symbolic"
        case .people: "system-users-symbolic"
        case .messages: "mail-unread-symbolic"
        case .facts: "dialog-information-symbolic"
        }
    }

    /// 1-based position, as in the Ctrl+<n> shortcut.
    public var number: Int { Section.allCases.firstIndex(of: self)! + 1 }
}
