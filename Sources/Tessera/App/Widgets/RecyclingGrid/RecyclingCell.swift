import Domain
import Gtk

/// A cell a `RecyclingGrid` reuses for whichever item scrolls into its place.
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
    /// Whether the cell is in view, or ahead of it (its content is prefetched): told before each
    /// `load` and as the view scrolls, so it must cost nothing when nothing changed. What is in
    /// view should come first on a slow link.
    func setInView(_ inView: Bool)
    /// True once it shows what it will show (an image, or a broken-image icon).
    var isLoaded: Bool { get }
    /// Where its item is among `count`, told on every layout (for names such as "Item 5 of 12"):
    /// must cost nothing when nothing changed.
    func setPosition(_ index: Int, of count: Int)
    /// A click at (x, y), in the cell's own coordinates, on a part that acts by itself (a delete
    /// button in a corner): the cell acts and returns true. False leaves the click to the grid,
    /// which activates the cell.
    func handleClick(atX x: Double, y: Double) -> Bool
    /// What the grid measures when its layout takes heights from the cells: `view` itself, or,
    /// when `view` only wraps it, the widget inside. The grid gives `view` its row's frame as a
    /// size request, and GTK answers at least the request: a cell reused from a taller row would
    /// measure as tall as that row.
    var measuredContent: Widget { get }
}

extension RecyclingCell {
    public func setPosition(_ index: Int, of count: Int) {}
    public func setInView(_ inView: Bool) {}
    public func handleClick(atX x: Double, y: Double) -> Bool { false }
    public var measuredContent: Widget { view }
}
