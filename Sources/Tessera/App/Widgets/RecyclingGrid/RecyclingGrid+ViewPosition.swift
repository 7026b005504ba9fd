import DequeModule
import Domain
import Foundation
import Gtk

/// The content's height changing (`ViewKeeper`), scrolls, and scrolling to either end.
extension RecyclingGrid {
    /// The content's height changed (the new size reached the adjustment, before drawing).
    func extentChanged() {
        // A new view height changes view-filling layouts and how many rows need cells.
        if adjustment.pageSize != preparedViewHeight, !relayingOut {
            relayout(animated: false, force: true)
        } else {
            viewKeeper.keepStill()
        }
    }

    /// Scrolls to the start, the first row at the top.
    public func scrollToStart() {
        adjustment.value = adjustment.lower
        if keepsViewStill { viewKeeper.remember() }
    }

    /// Scrolls to the end and follows it.
    public func scrollToEnd() {
        viewKeeper.followsEnd = true
        adjustment.value = adjustment.upper - adjustment.pageSize
        viewKeeper.remember()
    }

    /// Cells follow the view: rows that come into range get cells, rows that leave give them up.
    func scrolled() {
        // A still pointer sends no motion: the highlight returns with its next move.
        pointer.hovered = nil
        let byUser = !viewKeeper.adjusting && layout.width > 0 // never laid out (out of sight): moved by its allocation
        if byUser {
            viewKeeper.userMoved()
            if keepsViewStill { viewKeeper.remember() }
        }
        relayout(animated: false, force: false)
        if byUser { onViewMoved?() }
    }

    /// What the view shows at its top, items named by `key`; nil at the very top.
    public func topPlace(key: (Item) -> String) -> ListPlace? {
        if let held = viewKeeper.restoredPlace(key: key) { return held }
        let top = adjustment.value
        guard top > adjustment.lower, layout.count == items.count,
              let index = layout.indices(from: top, to: top + max(adjustment.pageSize, 1)).first, index < items.count else { return nil }
        return ListPlace(key: key(items[index]), index: index, offset: top - layout.frame(at: index).y)
    }

    /// Shows `place` at the top once items are laid out, and holds it as they change until the user scrolls;
    /// its item gone, the one now at its index, or (not `byIndex`) nothing until `stopRestoring`.
    public func restore(_ place: ListPlace, byIndex: Bool = true, key: @escaping (Item) -> String) {
        viewKeeper.restore(place, key: key, byIndex: byIndex)
        relayout(animated: false, force: true)
    }

    public var awaitsPlace: Bool { viewKeeper.restoring != nil }
    public var awaitedPlace: ListPlace? { viewKeeper.restoring?.place }
    public func moveAwaitedPlace(_ change: (inout ListPlace) -> Void) { viewKeeper.moveRestoring(change) } // before items renamed

    public func stopRestoring() { viewKeeper.userMoved() } // the place will not come: the view stays as it is
}
