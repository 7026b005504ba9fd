import Domain
import Gtk

/// Reordering by dragging with the mouse. Cells have no window, so the grid starts the drag
/// itself once a press on a cell has moved past GTK's threshold; the drag icon is a picture of the
/// cell. Over the grid, the item under the pointer is the drop slot and its cell is highlighted
/// (style class "drop-target"); near the top or bottom edge of the view the view scrolls, faster
/// the nearer the edge, so an item can travel any distance in one gesture. Escape cancels.
extension RecyclingGrid {
    /// Turns reordering on. `canMove` says which items may be dragged or dropped on (not an Add
    /// cell); `onMove` gets the dragged item's index and the slot it was dropped on.
    public func enableReordering(canMove: @escaping @MainActor (Item) -> Bool,
                                 onMove: @escaping @MainActor (_ from: Int, _ to: Int) -> Void) {
        let drag = GridDrag<Item.ID>()
        reorderingDrag = drag
        self.canMove = canMove
        DragAndDrop.makeDropArea(canvas, motion: { [weak self] x, y in
            guard let self, drag.item != nil else { return false }
            drag.pointer = (Double(x), Double(y) - self.adjustment.value)
            self.dragMoved()
            return drag.target != nil
        }, leave: { [weak self] in
            self?.stopDragFeedback()
        }, drop: { [weak self] x, y in
            guard let self, let item = drag.item, let source = self.index(of: item) else { return false }
            drag.pointer = (Double(x), Double(y) - self.adjustment.value)
            self.dragMoved()
            self.stopDragFeedback()
            guard let target = drag.target.flatMap({ self.index(of: $0) }) else { return false }
            drag.item = nil
            if target != source { onMove(source, target) }
            return true
        })
        DragAndDrop.onDragEnd(canvas) { [weak self] in
            drag.item = nil
            self?.stopDragFeedback()
        }
    }

    /// The pointer moved with the first button held since a press on `pressed`.
    func pointerMovedWhilePressed(x: Double, y: Double) {
        guard let drag = reorderingDrag, drag.item == nil, let pressed, let start = pressPoint,
              canMove?(pressed.item) == true,
              DragAndDrop.passesThreshold(canvas, from: (Int(start.x), Int(start.y)), to: (Int(x), Int(y))) else { return }
        self.pressed = nil
        drag.item = pressed.item.id
        DragAndDrop.begin(from: canvas, icon: pressed.view, x: Int(start.x), y: Int(start.y))
    }

    /// The drop slot under the pointer, its highlight, and the scrolling near the edges.
    private func dragMoved() {
        guard let drag = reorderingDrag, let pointer = drag.pointer else { return }
        let x = pointer.x, y = pointer.y + adjustment.value
        // Between cells, the slot stays what it was.
        if let index = layout.indices(from: y, to: y + 1).first(where: { layout.frame(at: $0).contains(x: x, y: y) }),
           canMove?(items[index]) == true {
            drag.target = items[index].id
        }
        let cell = drag.target.flatMap { assigned[$0] }
        if drag.highlighted !== cell {
            drag.highlighted?.removeStyleClass("drop-target")
            cell?.view.addStyleClass("drop-target")
            drag.highlighted = cell?.view
        }
        let edge = min(Self.autoScrollEdge, adjustment.pageSize / 4)
        if pointer.y < edge {
            drag.speed = -Self.autoScrollSpeed * (edge - pointer.y) / edge
        } else if pointer.y > adjustment.pageSize - edge {
            drag.speed = Self.autoScrollSpeed * (pointer.y - (adjustment.pageSize - edge)) / edge
        } else {
            drag.speed = 0
        }
        if drag.speed != 0, drag.tick == nil {
            var last: Int64?
            drag.tick = widget.addTickCallback { [weak self] time in
                guard let self, let drag = self.reorderingDrag, drag.speed != 0 else {
                    self?.reorderingDrag?.tick = nil
                    return false
                }
                let elapsed = Double(time - (last ?? time)) / 1_000_000
                last = time
                let value = min(max(0, self.adjustment.value + drag.speed * elapsed), self.adjustment.maximumValue)
                if value != self.adjustment.value { self.adjustment.value = value }
                self.dragMoved()
                return true
            }
        }
    }

    private func stopDragFeedback() {
        guard let drag = reorderingDrag else { return }
        drag.highlighted?.removeStyleClass("drop-target")
        drag.highlighted = nil
        drag.speed = 0
    }

    /// Within this many pixels of the view's top or bottom edge, a drag scrolls the view.
    static var autoScrollEdge: Double { 64 }
    /// How fast a drag at the very edge scrolls, in pixels a second: a screen of a large window
    /// in about half a second.
    static var autoScrollSpeed: Double { 1_600 }
}

/// A drag in progress: what is dragged, where it would land, and the scrolling near the edges.
@MainActor
final class GridDrag<ID: Hashable> {
    var item: ID?
    var target: ID?
    /// The pointer in view coordinates (y from the view's top).
    var pointer: (x: Double, y: Double)?
    var highlighted: Widget?
    /// Pixels a second; 0 away from the edges.
    var speed = 0.0
    var tick: UInt32?
}
