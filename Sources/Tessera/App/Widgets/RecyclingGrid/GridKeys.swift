import Dispatch
import Domain
import Gtk

/// Enter and Space activate; arrows, Home, End, Page Up and Down move by the layout, not GTK's chain.
@MainActor
final class GridKeys<Cell: RecyclingCell, Layout: ItemLayout> {
    private unowned let grid: RecyclingGrid<Cell, Layout>
    /// Home was pressed while the first items were let go: the first takes the focus once back.
    private var focusesFirstOnceBack = false
    /// End was pressed while the last items were let go: the last takes the focus once back.
    private var focusesLastOnceBack = false
    /// A focus asked before any layout: the first laid out take it if focus stayed and still wanted.
    var focusesFirstOnceLaidOut: (mark: FocusMark, wanted: @MainActor () -> Bool)?

    init(grid: RecyclingGrid<Cell, Layout>) {
        self.grid = grid
        grid.canvas.onKeyPress { [weak self] key in self?.pressed(key) ?? false }
    }

    private func pressed(_ key: KeyEvent) -> Bool {
        guard key.modifiers.isEmpty, let cell = grid.focusedCell, let index = grid.index(of: cell.item.id) else { return false }
        let adjustment = grid.adjustment
        if ["Home", "KP_Home"].contains(key.keyName), grid.layout.emptyBefore > 0 {
            // The first items were let go: the view goes to the top, the focus once they are back.
            focusesFirstOnceBack = true
            adjustment.value = adjustment.lower
            return true
        }
        if ["End", "KP_End"].contains(key.keyName), grid.layout.emptyAfter > 0 {
            focusesLastOnceBack = true
            adjustment.value = adjustment.upper - adjustment.pageSize
            return true
        }
        switch key.keyName {
        case "Return", "KP_Enter", "ISO_Enter", "space", "KP_Space":
            grid.onActivate?(cell)
            return true
        default:
            // At an edge an arrow keeps the focus where it is (more may be loading there); Tab leaves the grid.
            guard let target = grid.target(from: index, key: key.keyName) else {
                return ["Up", "Down", "Left", "Right", "KP_Up", "KP_Down", "KP_Left", "KP_Right"].contains(key.keyName)
            }
            let id = grid.items[target].id
            if ["Page_Up", "Page_Down", "KP_Page_Up", "KP_Page_Down"].contains(key.keyName) {
                // As GtkListBox: the view moves as far as the focus, which keeps its place on screen.
                let moved = grid.layout.frame(at: target).y - grid.layout.frame(at: index).y
                adjustment.value = min(max(adjustment.lower, adjustment.value + moved), adjustment.upper - adjustment.pageSize)
            }
            guard let now = grid.index(of: id) else { return true }
            grid.focus(index: now)
            if let moved = grid.assigned[id] { grid.onFocusMovedByKeys?(moved) }
            return true
        }
    }

    /// The index an arrow, Home, End or Page key (by its name) moves the focus to from `index`.
    func target(from index: Int, key: String) -> Int? {
        switch key {
        case "Left", "KP_Left": return grid.layout.neighbour(of: index, .left)
        case "Right", "KP_Right": return grid.layout.neighbour(of: index, .right)
        case "Up", "KP_Up": return grid.layout.neighbour(of: index, .up)
        case "Down", "KP_Down": return grid.layout.neighbour(of: index, .down)
        case "Home", "KP_Home": return grid.items.isEmpty ? nil : 0
        case "End", "KP_End": return grid.items.isEmpty ? nil : grid.items.count - 1
        case "Page_Up", "Page_Down", "KP_Page_Up", "KP_Page_Down":
            let frame = grid.layout.frame(at: index)
            let step = max(grid.adjustment.pageSize - frame.height, frame.height)
            let y = frame.y + frame.height / 2 + (key.hasSuffix("Up") ? -step : step)
            guard let target = grid.layout.nearest(x: frame.x + frame.width / 2, y: y), target != index else { return nil }
            return target
        default: return nil
        }
    }

    /// After a layout: the focus asked for before its items were there goes to them now.
    func laidOut() {
        let items = grid.items, layout = grid.layout, widget = grid.widget
        if let request = focusesFirstOnceLaidOut, !items.isEmpty, layout.width > 0 {
            focusesFirstOnceLaidOut = nil
            if widget.isMapped, widget.toplevelFocusMark == request.mark, request.wanted() {
                DispatchQueue.main.async { [weak grid] in
                    guard let grid, grid.widget.toplevelFocusMark == request.mark, request.wanted() else { return }
                    grid.focusFirstInView(while: request.wanted)
                }
            }
        }
        if focusesFirstOnceBack, layout.emptyBefore == 0 {
            focusesFirstOnceBack = false
            DispatchQueue.main.async { [weak grid] in grid?.focus(index: 0) }
        }
        if focusesLastOnceBack, layout.emptyAfter == 0 {
            focusesLastOnceBack = false
            DispatchQueue.main.async { [weak grid] in
                guard let grid, !grid.items.isEmpty else { return }
                grid.focus(index: grid.items.count - 1)
            }
        }
    }
}
