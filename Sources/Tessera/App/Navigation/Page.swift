import Gtk

/// One screen of a section's navigation stack.
@MainActor
public protocol Page: AnyObject {
    /// The page's root widget.
    var widget: Widget { get }
    /// Shown in the header bar while the page is on top.
    var title: String { get }
}

/// A page that says where focus goes when pushed: GTK's own first widget is not the order on screen for a grid,
/// and a focused selectable label selects all its text.
@MainActor
public protocol InitiallyFocusedPage: Page {
    var initialFocus: Widget { get }
}

/// A section's root page that puts the keyboard focus on its content itself when its section is
/// chosen (a grid's first item in view), so that the page's keys work at once.
@MainActor
public protocol ContentFocusingPage: Page {
    /// False when there is nothing to focus yet (still loading): the content takes the focus when
    /// it comes, while `wanted` says so and the focus has not moved meanwhile.
    func focusContent(while wanted: @escaping @MainActor () -> Bool) -> Bool
}

/// A page with a search that Ctrl+F opens wherever the focus is in the window.
@MainActor
public protocol SearchablePage: Page {
    func startSearch()
}

/// A page that takes some keys before the window's shortcuts, whichever of its widgets has the
/// focus: the viewer's Ctrl+0, Ctrl+1 and Ctrl+2 zoom, as in Loupe, where they would show a section.
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

/// A page that takes a back request (Escape, Alt+Left, the back button) first: the viewer leaves
/// fullscreen before it leaves.
@MainActor
public protocol BackHandlingPage: Page {
    /// True when the page did something with the request, so the page stays.
    func handleBack() -> Bool
}

/// A page that stops what only a person looking needs (a clip playing) while the window is
/// out of sight (minimized), and takes it up again when it is back.
@MainActor
public protocol SightAwarePage: Page {
    func windowOutOfSight(_ outOfSight: Bool)
}
