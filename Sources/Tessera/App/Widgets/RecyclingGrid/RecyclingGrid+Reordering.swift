import Domain
import Gtk

/// Reordering by dragging with the mouse. Cells have no window, so the grid starts the drag
/// itself once a press on a cell has moved past GTK's threshold; the drag icon is a picture of the
/// cell. Over the grid, the item under the pointer is the drop slot and its cell is highlighted
/// (style class "drop-target"). While the drag lasts, a pointer near the top or bottom edge of the
/// view, or beyond it, scrolls the view, faster the nearer the edge, so an item can travel any
/// distance in one gesture; the pointer is read on every frame, since a pointer held still sends
/// no motion. Escape cancels.
extension RecyclingGrid {
    /// Turns reordering on. `canMove` says which items may be dragged or dropped on (not an Add
    /// cell); `onMove` gets the dragged item's index and the slot it was dropped on. With
    /// `onDropIn`, what other programs drop (addresses, text) is handed over with the index of
    /// the item it was dropped on (nil: after the last), and it says whether it took it.
    public func enableReordering(canMove: @escaping @MainActor (Item) -> Bool,
                                 onMove: @escaping @MainActor (_ from: Int, _ to: Int) -> Void,
                                 onDropIn: (@MainActor (ExternalDrop, _ at: Int?) -> Bool)? = nil) {
        let drag = GridDrag<Item.ID>()
        reorderingDrag = drag
        self.canMove = canMove
        DragAndDrop.makeDropArea(canvas, motion: { [weak self] x, y in
            guard let self, drag.item != nil else { return false }
            self.aim(atX: Double(x), y: Double(y))
            return drag.target != nil
        }, leave: { [weak self] in
            // The frame callback reads the pointer and drops the highlight once it is outside;
            // GTK also says "leave" right after a drag starts and before a drop. Another
            // program's drag has no frame callback: its highlight goes here.
            guard let self, drag.item == nil else { return }
            self.externalDropTarget = nil
            self.highlight(nil)
        }, drop: { [weak self] x, y in
            guard let self, let item = drag.item, let source = self.index(of: item) else { return false }
            self.aim(atX: Double(x), y: Double(y))
            let target = drag.target.flatMap { self.index(of: $0) }
            self.endDrag()
            guard let target else { return false }
            if target != source { onMove(source, target) }
            return true
        }, externalMotion: { [weak self] x, y in
            guard let self, drag.item == nil else { return }
            let cell = self.cell(atX: Double(x), y: Double(y))
            self.externalDropTarget = cell.flatMap { self.index(of: $0.item.id) }
            self.highlight(cell?.view)
        }, external: externalDrop(onDropIn))
        DragAndDrop.onDragEnd(canvas) { [weak self] in self?.endDrag() }
    }

    /// What other programs drop, handed to `onDropIn` with the index of the item under it.
    private func externalDrop(_ onDropIn: (@MainActor (ExternalDrop, Int?) -> Bool)?) -> (@MainActor (ExternalDrop) -> Bool)? {
        guard let onDropIn else { return nil }
        return { [weak self] dropped in
            guard let self else { return false }
            let index = self.cell(atX: Double(dropped.x), y: Double(dropped.y)).flatMap { self.index(of: $0.item.id) }
            self.externalDropTarget = nil
            self.highlight(nil)
            return onDropIn(dropped, index)
        }
    }

    /// A drag started here is under way.
    public var isDragging: Bool { reorderingDrag?.item != nil }

    /// The pointer moved with the first button held since a press on `pressed`.
    func pointerMovedWhilePressed(x: Double, y: Double) {
        guard let drag = reorderingDrag, drag.item == nil, let pressed, let start = pressPoint,
              canMove?(pressed.item) == true,
              DragAndDrop.passesThreshold(canvas, from: (Int(start.x), Int(start.y)), to: (Int(x), Int(y))) else { return }
        self.pressed = nil
        drag.item = pressed.item.id
        DragAndDrop.begin(from: canvas, icon: pressed.view, x: Int(start.x), y: Int(start.y))
        var last: Int64?
        drag.tick = widget.addTickCallback { [weak self] time in
            guard let self, let drag = self.reorderingDrag, drag.item != nil else { return false }
            let elapsed = Double(time - (last ?? time)) / 1_000_000
            last = time
            self.scrollNearEdges(for: elapsed)
            return true
        }
    }

    /// The slot under a point of the content: between cells, it stays what it was.
    private func aim(atX x: Double, y: Double) {
        guard let drag = reorderingDrag else { return }
        if let index = layout.indices(from: y, to: y + 1).first(where: { layout.frame(at: $0).contains(x: x, y: y) }),
           canMove?(items[index]) == true {
            drag.target = items[index].id
        }
        highlight(drag.target.flatMap { assigned[$0]?.view })
    }

    func highlight(_ view: Widget?) {
        guard let drag = reorderingDrag, drag.highlighted !== view else { return }
        drag.highlighted?.removeStyleClass("drop-target")
        view?.addStyleClass("drop-target")
        drag.highlighted = view
    }

    /// One frame of a drag: scrolls when the pointer is near or beyond an edge of the view, and
    /// aims at what is under it (nothing once it is outside the view).
    private func scrollNearEdges(for elapsed: Double) {
        guard let pointer = widget.pointerPosition else { return }
        let y = Double(pointer.y), page = adjustment.pageSize
        let edge = min(Self.autoScrollEdge, page / 4)
        var speed = 0.0
        if y < edge {
            speed = -Self.autoScrollSpeed * min(1, (edge - y) / edge)
        } else if y > page - edge {
            speed = Self.autoScrollSpeed * min(1, (y - (page - edge)) / edge)
        }
        let value = min(max(0, adjustment.value + speed * elapsed), adjustment.maximumValue)
        if value != adjustment.value { adjustment.value = value }
        if (0..<page).contains(y), pointer.x >= 0, Double(pointer.x) < layout.width {
            aim(atX: Double(pointer.x), y: value + y)
        } else {
            highlight(nil)
        }
    }

    private func endDrag() {
        guard let drag = reorderingDrag else { return }
        highlight(nil)
        drag.item = nil
        drag.target = nil
        if let tick = drag.tick { widget.removeTickCallback(tick) }
        drag.tick = nil
    }

    /// Within this many pixels of the view's top or bottom edge, a drag scrolls the view.
    static var autoScrollEdge: Double { 64 }
    /// How fast a drag at the very edge (or beyond it) scrolls, in pixels a second: a screen of a
    /// large window in about half a second.
    static var autoScrollSpeed: Double { 1_600 }
}

/// A drag in progress: what is dragged, where it would land, its highlight, and the frame callback
/// that scrolls near the edges.
@MainActor
final class GridDrag<ID: Hashable> {
    var item: ID?
    var target: ID?
    var highlighted: Widget?
    var tick: UInt32?
}
