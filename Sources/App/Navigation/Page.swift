import Gtk

/// One screen of a section's navigation stack.
@MainActor
public protocol Page: AnyObject {
    /// The page's root widget.
    var widget: Widget { get }
    /// Shown in the header bar while the page is on top.
    var title: String { get }
}

/// A page that loads content after it is shown; the screenshot mode waits for it to settle.
@MainActor
public protocol SettlingPage: Page {
    /// True once what the page shows will not change by itself (loaded, or failed).
    var isSettled: Bool { get }
}
