import Foundation
import Gtk

/// The chat's states in the screenshot mode besides its own.
extension MessagesPage {
    /// What the screenshot of the search looks for: words of the built-in server's first page.
    static let screenshotSearch = "the" // not translated

    /// The search, the newest message's detail page, the detail beside the chat.
    public var screenshotScenes: [ScreenshotScene] {
        [ScreenshotScene(name: "messages-search") { [weak self] in
            guard let self else { return }
            self.search.open()
            self.search.entry.text = Self.screenshotSearch
        }, ScreenshotScene(name: "messages-detail") { [weak self] in
            guard let self, self.scroller.isMapped, let last = self.grid.items.last else { return }
            if self.search.isOpen { self.search.close() }
            self.openDetail(of: last)
        }, ScreenshotScene(name: "messages-pane", windowSize: (1400, 900)) { [weak self] in
            guard let self, self.scroller.isMapped, let last = self.grid.items.last else { return }
            self.openDetail(of: last)
        }]
    }
}
