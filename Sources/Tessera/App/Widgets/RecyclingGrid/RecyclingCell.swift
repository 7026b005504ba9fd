import Domain
import Gtk

/// A cell a `RecyclingGrid` reuses as items scroll. Its view has no GdkWindow (GTK would move each in every
/// layout): it takes focus and announces itself; the grid hit-tests pointer events and handles keys.
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
    /// In view, or ahead of it (prefetched); told before each `load` and while scrolling, so it must be cheap
    /// when nothing changed. What is in view should come first.
    func setInView(_ inView: Bool)
    /// True once it shows what it will show (an image, or a broken-image icon).
    var isLoaded: Bool { get }
    /// Where its item is among `count`, told on every layout (for names such as "Item 5 of 12"):
    /// must cost nothing when nothing changed.
    func setPosition(_ index: Int, of count: Int)
    /// A click at (x, y) in the cell on a part that acts itself (a delete button): true; false leaves it to the
    /// grid, which activates the cell.
    func handleClick(atX x: Double, y: Double) -> Bool
    /// What the grid measures for heights: `view`, or the widget it wraps, since GTK answers at least the size
    /// request a reused cell still has from a taller row.
    var measuredContent: Widget { get }
}

extension RecyclingCell {
    public func setPosition(_ index: Int, of count: Int) {}
    public func setInView(_ inView: Bool) {}
    public func handleClick(atX x: Double, y: Double) -> Bool { false }
    public var measuredContent: Widget { view }
}
