import Gtk

/// One screen of a section's navigation stack.
@MainActor
public protocol Page: AnyObject {
    var widget: Widget { get }
    /// Shown in the header bar while the page is on top.
    var title: String { get }
}

/// Says where focus goes when pushed or shown at launch; GTK's first widget is not the screen order.
@MainActor
public protocol InitiallyFocusedPage: Page {
    var initialFocus: Widget { get }
}

extension InitiallyFocusedPage {
    /// An entry takes it without selecting, so the next key does not replace what it holds.
    func focusInitially() {
        if let entry = initialFocus as? Entry { entry.grabFocusWithoutSelecting() } else { initialFocus.grabFocus() }
    }
}

/// A root page that focuses its content when its section is chosen, so its keys work at once.
@MainActor
public protocol ContentFocusingPage: Page {
    /// False with nothing to focus yet; focus follows when content comes, while `wanted`.
    func focusContent(while wanted: @escaping @MainActor () -> Bool) -> Bool
}

/// A page with a search that Ctrl+F opens wherever the focus is in the window.
@MainActor
public protocol SearchablePage: Page {
    var searchBar: SearchBar { get } // the band under the header bar, whose state the Search toggle shows
    func startSearch()
    func stopSearch() // as Escape does: the list as it was
}

/// Takes some keys before the window's shortcuts: the viewer's Ctrl+0, 1 and 2 zoom, as in Loupe.
@MainActor
public protocol KeyFirstPage: Page {
    /// True when the page took the key.
    func handleKeyFirst(_ key: KeyEvent) -> Bool
}

/// A page whose content can be fetched again: the header bar's Refresh button, F5 and Ctrl+R.
@MainActor
public protocol RefreshablePage: Page {
    func refresh()
}

/// A page that makes new items: the header bar's Add button, labelled and explained by the page.
@MainActor
public protocol AddingPage: Page {
    var addLabel: String { get }
    var addTooltip: String { get }
    func add()
}

/// A section's root page that names the section in the header bar (the facts feed's own title).
@MainActor
public protocol SectionTitledPage: Page {
    /// Shown as the header bar's subtitle while the page is the section's root; nil: the section's name.
    var sectionTitle: String? { get }
}

/// A page told when it is popped (by any back path), before it slides out.
@MainActor
public protocol LeavingPage: Page {
    func pageWillLeave()
}

/// Takes back requests first: the viewer leaves fullscreen before leaving.
@MainActor
public protocol BackHandlingPage: Page {
    /// True when the page did something with the request, so the page stays.
    func handleBack() -> Bool
}

/// Pauses what only a person looking needs (a clip) while the window is out of sight.
@MainActor
public protocol SightAwarePage: Page {
    func windowOutOfSight(_ outOfSight: Bool)
}

/// A page whose items can be chosen: while some are, the header bar shows how many and their actions.
@MainActor
public protocol SelectingPage: Page {
    /// How many items are chosen now; the window asks again when the page's coordinator says so.
    var chosenCount: Int { get }
    func deleteChosen()
    func clearChosen()
}

/// Covers the whole window while on top (the viewer, as Loupe's): the sidebar steps aside.
@MainActor
public protocol WindowFillingPage: Page {}
