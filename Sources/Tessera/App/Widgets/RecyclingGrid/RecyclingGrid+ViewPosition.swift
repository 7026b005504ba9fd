import DequeModule
import Domain
import Foundation
import Gtk

/// Keeping the view on what the user looks at while items or heights change above it, or at the
/// end for a chat; scrolling to either end.
extension RecyclingGrid {
    /// The content's height changed (the new size reached the adjustment, before drawing).
    func extentChanged() {
        // A taller or shorter view: layouts that fill the view (a short chat sits at its bottom)
        // change, and more or fewer rows need cells.
        if adjustment.pageSize != preparedViewHeight, !relayingOut {
            relayout(animated: false, force: true)
        } else {
            keepStill()
        }
    }

    /// Puts the view back on what the user looked at, or at the end.
    func keepStill() {
        guard keepsViewStill, !adjusting else { return }
        // The content's new height reaches the adjustment only with the next layout; until then
        // the old end would clamp the value.
        let height = (layout.contentHeight + Double(footerHeight)).rounded(.up)
        if adjustment.upper < height {
            adjusting = true
            adjustment.upper = height
            adjusting = false
        }
        let target: Double
        if staysAtEnd, followsEnd {
            target = adjustment.upper - adjustment.pageSize
        } else if let anchor, let index = index(of: anchor.id), layout.count > index {
            target = layout.frame(at: index).y + anchor.offset
        } else {
            return
        }
        let clamped = min(max(adjustment.lower, target), max(adjustment.lower, adjustment.upper - adjustment.pageSize))
        guard abs(clamped - adjustment.value) >= 0.5 else { return }
        adjusting = true
        adjustment.value = clamped
        adjusting = false
    }

    /// Remembers what the user looks at: the item at the top of the view.
    func rememberView() {
        followsEnd = staysAtEnd && adjustment.value >= adjustment.upper - adjustment.pageSize - 1
        // The first item in view (the view's top may be above it, in a header).
        let top = adjustment.value
        if !staysAtEnd, top <= adjustment.lower {
            anchor = nil
        } else if let index = layout.indices(from: top, to: top + max(adjustment.pageSize, 1)).first {
            anchor = (items[index].id, top - layout.frame(at: index).y)
        } else {
            anchor = nil
        }
    }

    /// Scrolls to the start, the first row at the top.
    public func scrollToStart() {
        adjustment.value = adjustment.lower
        if keepsViewStill { rememberView() }
    }

    /// Scrolls to the end and follows it.
    public func scrollToEnd() {
        followsEnd = true
        adjustment.value = adjustment.upper - adjustment.pageSize
        rememberView()
    }

    /// Cells follow the view: rows that come into range get cells, rows that leave give them up.
    func scrolled() {
        // The content moved under a still pointer, which sends no motion: the highlight comes
        // back with the pointer's next move.
        hovered = nil
        if !adjusting, keepsViewStill { rememberView() }
        relayout(animated: false, force: false)
    }
}
