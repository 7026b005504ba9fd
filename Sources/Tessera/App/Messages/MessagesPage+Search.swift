import Domain
import Foundation
import Gtk

/// The search bar wired to the view-model, and showing a message in the chat.
extension MessagesPage {
    func connectSearch() {
        search.onSearch = { [weak self] text in
            Task { [weak self] in
                guard let self, let hits = await self.model.search(text) else { return }
                self.search.show(hits)
            }
        }
        search.onChoose = { [weak self] hit in self?.showFound(hit) }
        search.onSearchOlder = { [weak self] start in
            guard let self else { return }
            start ? self.searchOlder() : self.model.stopSearchingOlder()
        }
        // Closed, the chat stays where the search left it; the composer has the keys again.
        search.onClose = { [weak self] in self?.entry.grabFocusWithoutSelecting() }
    }

    /// Pages back until one more message is found, a failure or Stop, counting messages loaded.
    func searchOlder() {
        guard !search.isSearchingOlder else { return }
        let typed = search.entry.text
        search.searchingOlder(loaded: model.state.timeline.nextOffset)
        Task { [weak self] in
            guard let self else { return }
            let hits = await self.model.searchOlder(typed) { [weak self] loaded in self?.search.searchingOlder(loaded: loaded) }
            self.search.searchingOlder(loaded: nil)
            if self.search.entry.text == typed { self.search.show(hits) }
        }
    }

    /// Shows a found message, marked a moment; the search keeps the keys for the next.
    func showFound(_ hit: MessageSearchHit) {
        show(hit.origin)
    }

    /// Shows the message at `origin`, older pages loaded first, marked a moment.
    func show(_ origin: ChatMessage.Origin) {
        Task { [weak self] in
            guard let self, await self.model.reveal(origin), let index = self.grid.index(of: origin) else { return }
            self.grid.reveal(index: index)
            self.grid.layoutNow()
            self.foundRow?.view.removeStyleClass("search-found")
            let row = self.grid.cell(for: origin)
            row?.view.addStyleClass("search-found")
            self.foundRow = row
            self.found = origin
            DispatchQueue.main.asyncAfter(deadline: .now() + Self.foundMarkTime) { [weak self, weak row] in
                row?.view.removeStyleClass("search-found")
                if self?.foundRow === row { self?.foundRow = nil }
            }
        }
    }

    /// How long a message the search showed stays marked.
    static let foundMarkTime: DispatchTimeInterval = .seconds(2)
}

extension MessagesPage: SearchablePage, InitiallyFocusedPage {
    public func startSearch() { search.open() }
    public var searchBar: SearchBar { search.band }
    public func stopSearch() { search.close() }

    /// The composer, as in every chat.
    public var initialFocus: Widget { entry }
}
