import Localization

/// The five sections of the window, in sidebar order (Ctrl+1 … Ctrl+5).
public enum Section: String, CaseIterable, Codable, Sendable {
    case gallery, feed, people, messages, facts

    public var title: String {
        switch self {
        case .gallery: tr("Gallery")
        case .feed: tr("Feed")
        case .people: tr("People")
        case .messages: tr("Messages")
        case .facts: tr("Facts")
        }
    }

    /// A one-line description shown under the title where there is room.
    public var summary: String {
        switch self {
        case .gallery: tr("A mosaic of items kept in a JSON document: add, delete, select and reorder.")
        case .feed: tr("A paged grid of images and videos with a full-window viewer.")
        case .people: tr("Twenty people with avatars in a local database, names editable.")
        case .messages: tr("A chat that grows upward as older messages load, with a composer.")
        case .facts: tr("A feed of titled images, each card sized by its image.")
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
