import DequeModule
import Domain
import Foundation
import Gtk

/// The view's moves: the content's height changing (`ViewKeeper` keeps the view on what the
/// user looks at), a scroll, and scrolling to either end.
extension RecyclingGrid {
    /// The content's height changed (the new size reached the adjustment, before drawing).
    func extentChanged() {
        // A taller or shorter view: layouts that fill the view (a short chat sits at its bottom)
        // change, and more or fewer rows need cells.
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
        // The content moved under a still pointer, which sends no motion: the highlight comes
        // back with the pointer's next move.
        pointer.hovered = nil
        if !viewKeeper.adjusting, keepsViewStill { viewKeeper.remember() }
        relayout(animated: false, force: false)
    }
}
