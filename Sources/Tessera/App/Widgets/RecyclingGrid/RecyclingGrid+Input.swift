import Domain
import Gtk

/// The grid's pointer and keys. Cells have no window, so the grid finds the cell under the
/// pointer itself: a click (press and release on the same cell, as a button does) activates it, a
/// right click or a long press opens its menu, and the cell under the pointer is highlighted.
/// The arrow keys move the focus by position through the layout, not through GTK's focus chain
/// (which knows only the cells that exist): Down from the last row in range reaches the next row
/// even though its cells are made only as it scrolls in.
extension RecyclingGrid {
    func listenToPointer() {
        longPress = LongPressGesture(on: canvas)
        canvas.onButtonPress { [weak self] event in
            guard let self, !event.isDoubleClick, let cell = self.cell(atX: event.x, y: event.y) else { return false }
            cell.view.grabFocus()
            switch event.button {
            case 1:
                self.pressed = cell
                self.pressPoint = (event.x, event.y)
            case 3:
                self.pressed = nil
                self.onContextMenu?(cell)
            default: return false
            }
            return true
        }
        canvas.onButtonRelease { [weak self] event in
            guard let self, event.button == 1, let pressed = self.pressed else { return false }
            self.pressed = nil
            guard self.cell(atX: event.x, y: event.y) === pressed else { return false }
            let frame = pressed.view.allocation
            if pressed.handleClick(atX: event.x - Double(frame.x), y: event.y - Double(frame.y)) { return true }
            if let onChoose = self.onChoose, !event.modifiers.isDisjoint(with: [.control, .shift]) {
                onChoose(pressed, event.modifiers)
                return true
            }
            self.onActivate?(pressed)
            return true
        }
        canvas.onPointerMotion { [weak self] x, y in
            guard let self else { return }
            self.hovered = self.cell(atX: x, y: y)
            if self.pressed != nil { self.pointerMovedWhilePressed(x: x, y: y) }
        }
        canvas.onPointerLeave { [weak self] in self?.hovered = nil }
        longPress?.onPressed { [weak self] (x: Double, y: Double) in
            guard let self, let cell = self.cell(atX: x, y: y) else { return }
            self.pressed = nil
            cell.view.grabFocus()
            self.onContextMenu?(cell)
        }
    }

    /// The cell under a point of the content.
    func cell(atX x: Double, y: Double) -> Cell? {
        assigned.values.first { cell in
            let frame = cell.view.allocation
            return Double(frame.x) <= x && x < Double(frame.x + frame.width) && Double(frame.y) <= y && y < Double(frame.y + frame.height)
        }
    }

    /// Keys reach the focused cell first, then the grid: Enter and Space activate, arrows move by
    /// position, Home and End go to the first and last item, Page Up and Page Down a screen.
    func listenToKeys() {
        canvas.onKeyPress { [weak self] key in
            guard let self, key.modifiers.isEmpty, let cell = self.focusedCell, let index = self.index(of: cell.item.id) else { return false }
            if ["Home", "KP_Home"].contains(key.keyName), self.layout.emptyBefore > 0 {
                // The first items were let go: the view goes to the top, and the focus to the
                // first item once it is back (`relayout`).
                self.focusesFirstOnceBack = true
                self.adjustment.value = self.adjustment.lower
                return true
            }
            if ["End", "KP_End"].contains(key.keyName), self.layout.emptyAfter > 0 {
                // The last items were let go: the view goes to the end, the focus to the last item
                // once it is back.
                self.focusesLastOnceBack = true
                self.adjustment.value = self.adjustment.upper - self.adjustment.pageSize
                return true
            }
            switch key.keyName {
            case "Return", "KP_Enter", "ISO_Enter", "space", "KP_Space":
                self.onActivate?(cell)
                return true
            default:
                // At an edge an arrow keeps the focus where it is (more may be loading there);
                // Tab leaves the grid.
                guard let target = self.target(from: index, key: key.keyName) else {
                    return ["Up", "Down", "Left", "Right", "KP_Up", "KP_Down", "KP_Left", "KP_Right"].contains(key.keyName)
                }
                let id = self.items[target].id
                self.focus(index: target)
                if let moved = self.assigned[id] { self.onFocusMovedByKeys?(moved) }
                return true
            }
        }
    }

    /// The index an arrow, Home, End or Page key (by its name) moves the focus to from `index`.
    func target(from index: Int, key: String) -> Int? {
        switch key {
        case "Left", "KP_Left": return layout.neighbour(of: index, .left)
        case "Right", "KP_Right": return layout.neighbour(of: index, .right)
        case "Up", "KP_Up": return layout.neighbour(of: index, .up)
        case "Down", "KP_Down": return layout.neighbour(of: index, .down)
        case "Home", "KP_Home": return items.isEmpty ? nil : 0
        case "End", "KP_End": return items.isEmpty ? nil : items.count - 1
        case "Page_Up", "Page_Down", "KP_Page_Up", "KP_Page_Down":
            let frame = layout.frame(at: index)
            let step = max(adjustment.pageSize - frame.height, frame.height)
            let y = frame.y + frame.height / 2 + (key.hasSuffix("Up") ? -step : step)
            guard let target = layout.nearest(x: frame.x + frame.width / 2, y: y), target != index else { return nil }
            return target
        default: return nil
        }
    }

    /// Focuses the first item whose top is in view (the first in view when none is), keeping the
    /// view where it stands; false when there are no items laid out yet: the first laid out take
    /// the focus then, unless it moved meanwhile or `wanted` says no more.
    @discardableResult
    public func focusFirstInView(while wanted: @escaping @MainActor () -> Bool = { true }) -> Bool {
        guard !items.isEmpty, layout.width > 0 else {
            focusesFirstOnceLaidOut = (widget.toplevelFocusMark, wanted)
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

    /// Scrolls just enough to show the item at `index` whole (the layout knows where it is even
    /// before its cell has been allocated there). GTK's own scrolling to a focused child is off
    /// (`addScrollingToFocusItself`): it goes by the child's allocation, which a recycled cell
    /// still has from its last item.
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
