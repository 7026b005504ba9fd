import Domain
import Gtk

/// Focus moves by position and the view with it, reaching rows whose cells are not made yet.
extension RecyclingGrid {
    /// The index an arrow, Home, End or Page key (by its name) moves the focus to from `index`.
    func target(from index: Int, key: String) -> Int? { keys.target(from: index, key: key) }

    /// Focuses the first item whose top is in view; false before layout (focus follows then if wanted).
    @discardableResult
    public func focusFirstInView(while wanted: @escaping @MainActor () -> Bool = { true }) -> Bool {
        guard !items.isEmpty, layout.width > 0 else {
            keys.focusesFirstOnceLaidOut = (widget.toplevelFocusMark, wanted)
            return false
        }
        let top = adjustment.value
        let inView = layout.indices(from: top, to: top + adjustment.pageSize).clamped(to: items.indices)
        focus(index: inView.first { layout.frame(at: $0).y >= top } ?? inView.first ?? 0)
        return true
    }

    /// Brings the item at `index` into view and focuses its cell.
    public func focus(index: Int) {
        guard items.indices.contains(index) else { return }
        // By its id: the layout may change the items (a feed lets go of posts far above).
        let id = items[index].id
        reveal(index: index)
        relayout(animated: false, force: true)
        assigned[id]?.view.grabFocus()
    }

    /// Scrolls just enough to show item `index` whole, by the layout, not recycled allocations.
    func reveal(index: Int) {
        let frame = layout.frame(at: index)
        let top = adjustment.value, bottom = top + adjustment.pageSize
        let margin = min(frame.y, 6)
        if frame.y - margin < top {
            adjustment.value = max(0, frame.y - margin)
        } else if frame.y + frame.height + margin > bottom {
            adjustment.value = min(frame.y + frame.height + margin - adjustment.pageSize, adjustment.maximumValue)
        }
    }
}
