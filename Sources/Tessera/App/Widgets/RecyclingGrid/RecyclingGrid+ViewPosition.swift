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
        if !viewKeeper.adjusting, keepsViewStill { viewKeeper.remember() }
        relayout(animated: false, force: false)
    }
}
