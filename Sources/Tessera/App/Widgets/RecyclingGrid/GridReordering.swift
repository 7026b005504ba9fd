import Domain
import Gtk

/// Drag reordering with the cell's picture as icon; near an edge the view scrolls; Escape cancels.
@MainActor
final class GridReordering<Cell: RecyclingCell, Layout: ItemLayout> {
    typealias Item = Cell.Item
    private unowned let grid: RecyclingGrid<Cell, Layout>
    /// Which items may be dragged or dropped on (not an Add cell).
    let canMove: @MainActor (Item) -> Bool
    private var dragged: Item.ID?
    private var target: Item.ID?
    private var highlighted: Widget?
    /// The frame callback that scrolls near the edges while a drag lasts.
    private var tick: UInt32?

    /// Within this many pixels of the view's top or bottom edge, a drag scrolls the view.
    static var autoScrollEdge: Double { 64 }
    /// Edge scrolling speed in pixels a second: a large window's screen in half a second.
    static var autoScrollSpeed: Double { 1_600 }

    /// `onMove` gets index and drop slot; `onDropIn` other programs' drops at an index (nil: last).
    init(grid: RecyclingGrid<Cell, Layout>, canMove: @escaping @MainActor (Item) -> Bool,
         onMove: @escaping @MainActor (_ from: Int, _ to: Int) -> Void,
         onDropIn: (@MainActor (ExternalDrop, _ at: Int?) -> Bool)?) {
        self.grid = grid
        self.canMove = canMove
        DragAndDrop.makeDropArea(grid.canvas, motion: { [weak self] x, y in
            guard let self, self.dragged != nil else { return false }
            self.aim(atX: Double(x), y: Double(y))
            return self.target != nil
        }, leave: { [weak self] in
            // The frame callback drops the highlight outside; another program's drag has none, so it goes here.
            guard let self, self.dragged == nil else { return }
            self.grid.externalDropTarget = nil
            self.highlight(nil)
        }, drop: { [weak self] x, y in
            guard let self, let item = self.dragged, let source = self.grid.index(of: item) else { return false }
            self.aim(atX: Double(x), y: Double(y))
            let target = self.target.flatMap { self.grid.index(of: $0) }
            self.end()
            guard let target else { return false }
            if target != source { onMove(source, target) }
            return true
        }, externalMotion: { [weak self] x, y in
            guard let self, self.dragged == nil else { return }
            let cell = self.grid.pointer.cell(atX: Double(x), y: Double(y))
            self.grid.externalDropTarget = cell.flatMap { self.grid.index(of: $0.item.id) }
            self.highlight(cell?.view)
        }, external: externalDrop(onDropIn))
        DragAndDrop.onDragEnd(grid.canvas) { [weak self] in self?.end() }
    }

    /// What other programs drop, handed to `onDropIn` with the index of the item under it.
    private func externalDrop(_ onDropIn: (@MainActor (ExternalDrop, Int?) -> Bool)?) -> (@MainActor (ExternalDrop) -> Bool)? {
        guard let onDropIn else { return nil }
        return { [weak self] dropped in
            guard let self else { return false }
            let index = self.grid.pointer.cell(atX: Double(dropped.x), y: Double(dropped.y)).flatMap { self.grid.index(of: $0.item.id) }
            self.grid.externalDropTarget = nil
            self.highlight(nil)
            return onDropIn(dropped, index)
        }
    }

    /// A drag started here is under way.
    var isDragging: Bool { dragged != nil }

    /// The held pointer moved since a press on `pressed`; true once that started a drag.
    func pointerMoved(pressed: Cell, from start: (x: Double, y: Double), x: Double, y: Double) -> Bool {
        guard dragged == nil, canMove(pressed.item),
              DragAndDrop.passesThreshold(grid.canvas, from: (Int(start.x), Int(start.y)), to: (Int(x), Int(y))) else { return false }
        dragged = pressed.item.id
        DragAndDrop.begin(from: grid.canvas, icon: pressed.view, x: Int(start.x), y: Int(start.y))
        var last: Int64?
        tick = grid.widget.addTickCallback { [weak self] time in
            guard let self, self.dragged != nil else { return false }
            let elapsed = Double(time - (last ?? time)) / 1_000_000
            last = time
            self.scrollNearEdges(for: elapsed)
            return true
        }
        return true
    }

    /// The slot under a point of the content: between cells, it stays what it was.
    private func aim(atX x: Double, y: Double) {
        let layout = grid.layout, items = grid.items
        if let index = layout.indices(from: y, to: y + 1).first(where: { layout.frame(at: $0).contains(x: x, y: y) }),
           canMove(items[index]) {
            target = items[index].id
        }
        highlight(target.flatMap { grid.assigned[$0]?.view })
    }

    private func highlight(_ view: Widget?) {
        guard highlighted !== view else { return }
        highlighted?.removeStyleClass("drop-target")
        view?.addStyleClass("drop-target")
        highlighted = view
    }

    /// One drag frame: scroll near an edge, and aim at what is under the pointer.
    private func scrollNearEdges(for elapsed: Double) {
        guard let pointer = grid.widget.pointerPosition else { return }
        let adjustment = grid.adjustment
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
        if (0..<page).contains(y), pointer.x >= 0, Double(pointer.x) < grid.layout.width {
            aim(atX: Double(pointer.x), y: value + y)
        } else {
            highlight(nil)
        }
    }

    private func end() {
        highlight(nil)
        dragged = nil
        target = nil
        if let tick { grid.widget.removeTickCallback(tick) }
        tick = nil
    }
}
