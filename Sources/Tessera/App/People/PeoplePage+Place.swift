import Domain

/// The people's list reopens on the person at its top, with the search typed.
extension PeoplePage: PlaceKeepingPage {
    public var listPlace: ListPlace? { grid.topPlace { String($0.id) } }
    public func restore(_ place: ListPlace) { grid.restore(place) { String($0.id) } }
    public var searchText: String? { search.openText }
    public func restoreSearch(_ text: String) { showSearch(for: text) }
}
