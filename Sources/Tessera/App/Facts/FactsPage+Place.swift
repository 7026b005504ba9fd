import Domain

/// The cards reopen on the fact at their top (by its number in the feed), with the search typed.
extension FactsPage: PlaceKeepingPage {
    public var listPlace: ListPlace? { grid.topPlace { String($0.index) } }
    public func restore(_ place: ListPlace) { grid.restore(place) { String($0.index) } }
    public var searchText: String? { search.openText ?? searchToRestore }

    public func restoreSearch(_ text: String) {
        searchToRestore = text
        searchRestoredIfLoaded()
    }

    func searchRestoredIfLoaded() {
        guard let text = searchToRestore, model.state.phase == .loaded else { return }
        searchToRestore = nil
        search.open(with: text)
    }
}
