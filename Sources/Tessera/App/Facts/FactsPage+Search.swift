import Gtk

/// Search over the cards; closing it puts the view back where it stood.
extension FactsPage {
    func connectSearch() {
        widget.onKeyPress { [weak self] key in
            guard let self, self.model.state.phase == .loaded else { return false }
            let place = self.placeInView()
            let wasOpen = self.search.isOpen
            guard self.search.handle(key) else { return false }
            if !wasOpen, self.search.isOpen { self.placeBeforeSearch = place }
            return true
        }
        search.onChange = { [weak self] text in
            self?.model.search(text)
            self?.onPlaceChange?()
        }
        search.onLeave = { [weak self] in
            guard let self, !self.grid.items.isEmpty else { return }
            self.grid.focus(index: 0)
        }
        search.onClose = { [weak self] in
            guard let self else { return }
            let place = self.placeBeforeSearch
            self.placeBeforeSearch = nil
            guard self.model.state.phase == .loaded else { return }
            // Cards, focus and the kept card back; placed after focus, which scrolls a card in while the bar
            // takes room.
            self.grid.layoutNow()
            if let row = place?.focused, let index = self.gridPlace(ofRow: row) {
                self.grid.focus(index: index)
            } else {
                self.grid.widget.grabFocus()
            }
            if let place, let index = self.gridPlace(ofRow: place.row) {
                self.grid.adjustment.value = self.grid.layout.frame(at: index).y - place.offset
            }
        }
    }

    /// The view's place: a card in view (the focused one if shown) and its offset below the top.
    struct PlaceInView {
        /// The card's row in the feed.
        var row: Int
        var offset: Double
        /// The focused card's row, in view or not.
        var focused: Int?
    }

    func placeInView() -> PlaceInView? {
        let focused = grid.focusedCell?.item.index
        let top = grid.adjustment.value
        let focusedInView = focused.flatMap { row in gridPlace(ofRow: row).flatMap { isInView($0) ? ($0, row) : nil } }
        let firstInView = grid.layout.indices(from: top, to: top + grid.adjustment.pageSize).first(where: isInView)
            .flatMap { index in grid.items.indices.contains(index) ? (index, grid.items[index].index) : nil }
        guard let (index, row) = focusedInView ?? firstInView else { return nil }
        return PlaceInView(row: row, offset: grid.layout.frame(at: index).y - top, focused: focused)
    }

    /// Whether any of the card at `index` is in view.
    func isInView(_ index: Int) -> Bool {
        let frame = grid.layout.frame(at: index), top = grid.adjustment.value
        return frame.y < top + grid.adjustment.pageSize && frame.y + frame.height > top
    }
}

extension FactsPage: SearchablePage, ContentFocusingPage {
    public var searchBar: SearchBar { search.widget }
    public func stopSearch() { search.close() }

    /// Ctrl+F: the search opens, the view kept to come back to.
    public func startSearch() {
        if !search.isOpen { placeBeforeSearch = placeInView() }
        search.open()
    }

    /// The search while it is open, else the first card in view.
    public func focusContent(while wanted: @escaping @MainActor () -> Bool) -> Bool {
        guard search.isOpen else { return grid.focusFirstInView(while: wanted) }
        search.entry.grabFocusWithoutSelecting()
        return true
    }
}
