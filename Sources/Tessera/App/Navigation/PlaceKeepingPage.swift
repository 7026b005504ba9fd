import Domain

/// A root page whose list place, and search where it has one, come back at the next launch.
@MainActor
public protocol PlaceKeepingPage: Page {
    /// The item at the list's top and how far into it; nil at the very top.
    var listPlace: ListPlace? { get }
    /// Shows `place` at the top from the first frame with items, its item gone: the one now at its index.
    func restore(_ place: ListPlace)
    /// What the open search holds; nil when none is open.
    var searchText: String? { get }
    /// Opens the search holding `text`, once there is something to search.
    func restoreSearch(_ text: String)
    /// The user moved the list or changed the search.
    var onPlaceChange: (@MainActor () -> Void)? { get set }
}

extension PlaceKeepingPage {
    public var searchText: String? { nil }
    public func restoreSearch(_ text: String) {}
}

extension FilterBar {
    var openText: String? { isOpen ? entry.text : nil }
}
