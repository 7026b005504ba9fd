import Domain
import Gtk

/// Clicks activate (Ctrl, Shift choose), right click or long press opens the menu, hover, drag start.
@MainActor
final class GridPointer<Cell: RecyclingCell, Layout: ItemLayout> {
    private unowned let grid: RecyclingGrid<Cell, Layout>
    private var pressed: Cell?
    /// Where the first button went down on `pressed` (a drag starts from there).
    private var pressPoint: (x: Double, y: Double)?
    private var longPress: LongPressGesture?
    var hovered: Cell? {
        didSet {
            guard hovered !== oldValue else { return }
            oldValue?.view.isHovered = false
            hovered?.view.isHovered = true
        }
    }

    init(grid: RecyclingGrid<Cell, Layout>) {
        self.grid = grid
        let canvas = grid.canvas
        longPress = LongPressGesture(on: canvas)
        canvas.onButtonPress { [weak self] event in self?.pressed(event) ?? false }
        canvas.onButtonRelease { [weak self] event in self?.released(event) ?? false }
        canvas.onPointerMotion { [weak self] x, y in
            guard let self else { return }
            self.hovered = self.cell(atX: x, y: y)
            if let pressed = self.pressed, let start = self.pressPoint,
               self.grid.reordering?.pointerMoved(pressed: pressed, from: start, x: x, y: y) == true {
                self.pressed = nil
            }
        }
        canvas.onPointerLeave { [weak self] in self?.hovered = nil }
        longPress?.onPressed { [weak self] (x: Double, y: Double) in
            guard let self, let cell = self.cell(atX: x, y: y) else { return }
            self.pressed = nil
            cell.view.grabFocus()
            self.grid.onContextMenu?(cell)
        }
    }

    /// The cell under a point of the content.
    func cell(atX x: Double, y: Double) -> Cell? {
        grid.assigned.values.first { cell in
            let frame = cell.view.allocation
            return Double(frame.x) <= x && x < Double(frame.x + frame.width) && Double(frame.y) <= y && y < Double(frame.y + frame.height)
        }
    }

    /// `cell` goes back to the spares: it is neither pressed nor hovered any more.
    func forget(_ cell: Cell) {
        if hovered === cell { hovered = nil }
        if pressed === cell { pressed = nil }
    }

    private func pressed(_ event: ButtonEvent) -> Bool {
        guard !event.isDoubleClick, let cell = cell(atX: event.x, y: event.y) else { return false }
        cell.view.grabFocus()
        switch event.button {
        case 1:
            pressed = cell
            pressPoint = (event.x, event.y)
        case 3:
            pressed = nil
            grid.onContextMenu?(cell)
        default: return false
        }
        return true
    }

    private func released(_ event: ButtonEvent) -> Bool {
        guard event.button == 1, let pressed else { return false }
        self.pressed = nil
        guard cell(atX: event.x, y: event.y) === pressed else { return false }
        let frame = pressed.view.allocation
        if pressed.handleClick(atX: event.x - Double(frame.x), y: event.y - Double(frame.y)) { return true }
        if let onChoose = grid.onChoose, !event.modifiers.isDisjoint(with: [.control, .shift]) {
            onChoose(pressed, event.modifiers)
            return true
        }
        grid.onActivate?(pressed)
        return true
    }
}
