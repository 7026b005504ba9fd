import Domain
import Gtk

/// A windowless reused cell: it focuses and announces; the grid hit-tests and handles keys.
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
    /// Loads for a cell of `size`; called every layout, so free when unchanged.
    func load(side size: Int)
    /// In view or ahead of it; told often, so free when unchanged.
    func setInView(_ inView: Bool)
    /// True once it shows what it will show (an image, or a broken-image icon).
    var isLoaded: Bool { get }
    /// Its place among `count` ("Item 5 of 12"); told every layout, so free when unchanged.
    func setPosition(_ index: Int, of count: Int)
    /// A click on a part acting itself returns true; false leaves activation to the grid.
    func handleClick(atX x: Double, y: Double) -> Bool
    /// Measured for heights: GTK answers at least a reused cell's old size request.
    var measuredContent: Widget { get }
}

extension RecyclingCell {
    public func setPosition(_ index: Int, of count: Int) {}
    public func setInView(_ inView: Bool) {}
    public func handleClick(atX x: Double, y: Double) -> Bool { false }
    public var measuredContent: Widget { view }
}
