import Domain
import Gtk

/// Keeps the view on the item at its top (and offset), or at the end for a chat, as things change above.
@MainActor
final class ViewKeeper<Cell: RecyclingCell, Layout: ItemLayout> {
    private unowned let grid: RecyclingGrid<Cell, Layout>
    /// The view is at the end and follows it.
    var followsEnd = true
    private var anchor: (id: Cell.Item.ID, offset: Double)?
    /// Set while the grid moves the view itself, so that the move is not taken for the user's.
    private(set) var adjusting = false
    private(set) var restoring: (place: ListPlace, key: (Cell.Item) -> String, byIndex: Bool)?
    /// The view holds the restored place, as items and heights change, until the user moves it.
    private(set) var holdsRestored = false

    init(grid: RecyclingGrid<Cell, Layout>) {
        self.grid = grid
    }

    /// Puts the view back on what the user looked at, or at the end.
    func keepStill() {
        if restoring != nil { resolveRestoring() }
        guard grid.keepsViewStill || holdsRestored, !adjusting else { return }
        let adjustment = grid.adjustment, layout = grid.layout
        // The adjustment gets the new height only next layout; the old end would clamp meanwhile.
        let height = (layout.contentHeight + Double(grid.footerHeight)).rounded(.up)
        if adjustment.upper < height { adjust { adjustment.upper = height } }
        let target: Double
        if grid.staysAtEnd, followsEnd, !holdsRestored {
            target = adjustment.upper - adjustment.pageSize
        } else if let anchor, let index = grid.index(of: anchor.id), layout.count > index, layout.width > 0 {
            target = layout.frame(at: index).y + anchor.offset
        } else {
            return
        }
        let clamped = min(max(adjustment.lower, target), max(adjustment.lower, adjustment.upper - adjustment.pageSize))
        guard abs(clamped - adjustment.value) >= 0.5 else { return }
        adjust { adjustment.value = clamped }
    }

    /// Remembers what the user looks at: the item at the top of the view.
    func remember() {
        let adjustment = grid.adjustment, layout = grid.layout
        followsEnd = grid.staysAtEnd && adjustment.value >= adjustment.upper - adjustment.pageSize - 1
        // The first item in view (the view's top may be above it, in a header).
        let top = adjustment.value
        if !grid.staysAtEnd, top <= adjustment.lower {
            anchor = nil
        } else if let index = layout.indices(from: top, to: top + max(adjustment.pageSize, 1)).first {
            anchor = (grid.items[index].id, top - layout.frame(at: index).y)
        } else {
            anchor = nil
        }
    }

    /// Holds `place` once items are laid out: its item by key, else the item now at its index.
    func restore(_ place: ListPlace, key: @escaping (Cell.Item) -> String, byIndex: Bool) {
        restoring = (place, key, byIndex)
        holdsRestored = false
    }

    /// The place still awaited is renamed (its item's key changed before it came).
    func moveRestoring(_ change: (inout ListPlace) -> Void) {
        guard var moved = restoring else { return }
        change(&moved.place)
        restoring = moved
    }

    var holdsOrAwaitsPlace: Bool { holdsRestored || restoring != nil }

    func userMoved() {
        restoring = nil
        holdsRestored = false
    }

    private func resolveRestoring() {
        let items = grid.items
        guard let (place, key, byIndex) = restoring, !items.isEmpty, grid.layout.count == items.count, grid.layout.width > 0,
              grid.adjustment.pageSize > 0 else { return }
        let found = place.index < items.count && key(items[place.index]) == place.key
            ? place.index
            : items.firstIndex { key($0) == place.key }
        guard let index = found ?? (byIndex ? min(place.index, items.count - 1) : nil) else { return }
        restoring = nil
        anchor = (items[index].id, place.offset)
        followsEnd = false
        holdsRestored = true
    }

    func restoredPlace(key: (Cell.Item) -> String) -> ListPlace? {
        if let restoring { return restoring.place }
        guard holdsRestored, let anchor, let index = grid.index(of: anchor.id) else { return nil }
        return ListPlace(key: key(grid.items[index]), index: index, offset: anchor.offset)
    }

    /// The items' ids changed (`setItems(_:renamingBy:)`): the anchor follows its item.
    func rename(_ rename: (Cell.Item.ID) -> Cell.Item.ID) {
        anchor = anchor.map { (rename($0.id), $0.offset) }
    }

    private func adjust(_ change: () -> Void) {
        adjusting = true
        change()
        adjusting = false
    }
}
