import Domain
import Gtk

/// A cell a `RecyclingGrid` reuses for whichever item scrolls into its place.
///
/// Its view has no GdkWindow of its own (a windowed cell would be moved by GTK in every layout of
/// the grid, which costs milliseconds per frame with dozens of cells): the view takes the focus
/// and announces itself; the grid, which has a window, hit-tests clicks, right clicks and long
/// presses, and handles the keys.
@MainActor
public protocol RecyclingCell: AnyObject {
    associatedtype Item: Identifiable where Item.ID: Sendable
    /// Focusable, windowless, with an accessible name saying what its item is.
    var view: Widget { get }
    var item: Item { get }
    /// Takes the item that scrolled into this cell's place.
    func show(_ item: Item)
    /// Lets go of its item's content while it waits to be reused, with nothing to announce.
    func park()
    /// Loads its content for a cell of `size` (device-independent pixels); called on every layout
    /// once the grid is ready, so it must cost nothing when the size has not changed.
    func load(side size: Int)
    /// True once it shows what it will show (an image, or a broken-image icon).
    var isLoaded: Bool { get }
}
