import Gtk

/// One screen of a section's navigation stack.
@MainActor
public protocol Page: AnyObject {
    /// The page's root widget.
    var widget: Widget { get }
    /// Shown in the header bar while the page is on top.
    var title: String { get }
}
