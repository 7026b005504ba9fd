import DequeModule
import Domain
import Foundation
import Gtk

/// A scrolled grid giving widgets only to items near the view, reusing cells: `ItemLayout` places,
/// `RecyclingCell` shows; `GridPointer`, `GridKeys`, `ViewKeeper`, `GridReordering` do the rest.
@MainActor
public final class RecyclingGrid<Cell: RecyclingCell, Layout: ItemLayout> {
    public typealias Item = Cell.Item

    public let widget: ScrolledWindow
    public let adjustment: Adjustment
    /// The grid's own copy: sharing the caller's storage would make its next change copy them all.
    public private(set) var items: Deque<Item> = []
    /// Where each item is, by its id (`index(of:)`).
    var lookup = ItemLookup<Item>()
    public internal(set) var layout: Layout
    /// The content: it has a window of its own and hit-tests pointer events for the cells.
    let canvas = Fixed(ownWindow: true)
    let animator: TileAnimator
    /// The cells showing items now, by item id; spare cells wait in `spare`.
    var assigned: [Item.ID: Cell] = [:]
    var spare: [Cell] = []
    let makeCell: @MainActor (Item) -> Cell
    /// Right above the first item and below the last, across the width (paging indicators).
    let header: Widget?
    let headerHeight: Int
    let footer: Widget?
    let footerHeight: Int

    /// Enter or Space on a cell, or a click on it.
    public var onActivate: (@MainActor (Cell) -> Void)?
    /// The index of the item another program's drag is over (highlighted as the drop's place).
    public internal(set) var externalDropTarget: Int?
    /// A click with Ctrl or Shift held (choosing several); without it such a click activates.
    public var onChoose: (@MainActor (Cell, Modifiers) -> Void)?
    /// The arrow, Home, End or Page keys moved the focus to a cell (not a click, Tab or the code).
    public var onFocusMovedByKeys: (@MainActor (Cell) -> Void)?
    /// A right click, a long press, Menu or Shift+F10 on a cell.
    public var onContextMenu: (@MainActor (Cell) -> Void)?
    public var onViewMoved: (@MainActor () -> Void)? // by the user, not by the grid keeping it still
    /// After every layout and scroll (to load more when near the end).
    public var onLayout: (@MainActor () -> Void)?
    /// Cells load their content only once the grid is ready (the backend has answered).
    public var isReady = false {
        didSet { if isReady != oldValue { relayout(animated: false, force: true) } }
    }

    /// The press, hover and long-press state of the pointer.
    private(set) var pointer: GridPointer<Cell, Layout>!
    /// The keys, and the focus they asked for before its items were laid out.
    private(set) var keys: GridKeys<Cell, Layout>!
    /// Reordering by dragging, once turned on.
    var reordering: GridReordering<Cell, Layout>?

    /// How far beyond the view, in screens, rows keep their cells, so scrolling finds them ready.
    public var margin = 1.0 {
        didSet { if margin != oldValue { marginCall.schedule() } }
    }
    /// Cells made in one turn of the main loop for rows beyond the view (`MarginCells`).
    static var marginCellsPerTurn: Int { 2 }

    public init(layout: Layout, header: Widget? = nil, headerHeight: Int = 0, footer: Widget? = nil, footerHeight: Int = 0,
                makeCell: @escaping @MainActor (Item) -> Cell) {
        self.layout = layout
        self.header = header
        self.headerHeight = headerHeight
        self.footer = footer
        self.footerHeight = footerHeight
        self.makeCell = makeCell
        widget = ScrolledWindow()
        adjustment = widget.verticalAdjustment()
        let scroller = widget
        animator = TileAnimator(canvas: canvas) { scroller.visibleVerticalRange }
        if let header { canvas.put(header, x: 0, y: 0) }
        if let footer { canvas.put(footer, x: 0, y: 0) }
        widget.addScrollingToFocusItself(canvas)
        widget.hexpand = true
        widget.vexpand = true
        widget.onSizeAllocate { [weak self] rect in self?.widthChanged(rect.width) }
        canvas.onSizeAllocate { [weak self] _ in self?.takeTheHeightsGTKGave() }
        adjustment.onValueChanged { [weak self] in self?.scrolled() }
        adjustment.onExtentChanged { [weak self] in self?.extentChanged() }
        pointer = GridPointer(grid: self)
        keys = GridKeys(grid: self)
    }

    /// Drag reordering: `onMove` (index, slot); `onDropIn` another program's drop at an index (nil: last).
    public func enableReordering(canMove: @escaping @MainActor (Item) -> Bool,
                                 onMove: @escaping @MainActor (_ from: Int, _ to: Int) -> Void,
                                 onDropIn: (@MainActor (ExternalDrop, _ at: Int?) -> Bool)? = nil) {
        reordering = GridReordering(grid: self, canMove: canMove, onMove: onMove, onDropIn: onDropIn)
    }

    /// A drag started here is under way.
    public var isDragging: Bool { reordering?.isDragging == true }

    // MARK: Items

    /// Shows `items`, animated or not; `extending`: maybe the old ones with pages added at an end.
    public func setItems<Items: RandomAccessCollection>(_ items: Items, animated: Bool, extending: Bool = true) where Items.Element == Item {
        let count = self.items.count, added = items.count - count
        if !animated, extending, added >= 0, let first = items.first, let last = items.last {
            // A page appended: nothing to take back; lay out once this frame is over.
            if count == 0 || (self.items.last?.id == items[items.index(items.startIndex, offsetBy: count - 1)].id
                              && self.items.first?.id == first.id) {
                self.items.append(contentsOf: items.suffix(added))
                lookup.itemsChanged()
                return queueLayout()
            }
            // Items added before the ones shown (older pages on top): nothing to take back either.
            if self.items.first?.id == items[items.index(items.startIndex, offsetBy: added)].id, self.items.last?.id == last.id {
                self.items.prepend(contentsOf: items.prefix(added))
                lookup.itemsChanged()
                return relayout(animated: false, force: true)
            }
        }
        edit(animated: animated) {
            self.items = Deque(items)
            lookup.itemsChanged()
            // Which cells' items went: looked up as the layout will look them up.
            for (id, cell) in assigned where index(of: id) == nil {
                assigned[id] = nil
                retire(cell)
            }
        }
    }

    /// Shows `items`, the rows shown before keeping their cells and focus under the ids `rename` gives.
    public func setItems<Items: RandomAccessCollection>(_ items: Items, renamingBy rename: (Item.ID) -> Item.ID) where Items.Element == Item {
        assigned = Dictionary(uniqueKeysWithValues: assigned.map { (rename($0.key), $0.value) })
        viewKeeper.rename(rename)
        lookup.placed = [:]
        self.items = Deque(items)
        lookup.itemsChanged()
        for (id, cell) in assigned {
            if let index = index(of: id) {
                cell.show(self.items[index])
            } else {
                assigned[id] = nil
                retire(cell)
            }
        }
        relayout(animated: false, force: true)
    }

    /// As `setItems` without the item at `index`, with no copy of the items nor a search for cells.
    public func remove(at index: Int, animated: Bool) {
        edit(animated: animated) {
            let gone = items.remove(at: index)
            lookup.itemsChanged()
            if let cell = assigned.removeValue(forKey: gone.id) { retire(cell) }
        }
    }

    /// `item` comes in at `index`, the others stay in their order (as `remove(at:animated:)`).
    public func insert(_ item: Item, at index: Int, animated: Bool) {
        edit(animated: animated) {
            items.insert(item, at: index)
            lookup.itemsChanged()
        }
    }

    /// The item at `source` moves to `destination` (its index once moved), as `remove(at:animated:)`.
    public func move(from source: Int, to destination: Int, animated: Bool) {
        edit(animated: animated) {
            items.insert(items.remove(at: source), at: destination)
            lookup.itemsChanged()
        }
    }

    /// Runs `change`, retires the gone items' cells and lays out; a gone item's focus passes on.
    private func edit(animated: Bool, _ change: () -> Void) {
        // Where the focus was, among the old items (it may have to pass to another item).
        let focused = focusedCell.flatMap { cell in index(of: cell.item.id).map { (id: cell.item.id, index: $0) } }
        change()
        let focusedWent = focused.map { assigned[$0.id] == nil } ?? false
        relayout(animated: animated, force: true)
        // Items above the view move what it shows even when the height stays: back onto the looked-at item.
        viewKeeper.keepStill()
        if let focused, focusedWent, !items.isEmpty {
            focus(index: min(focused.index, items.count - 1))
        }
    }

    /// Puts `item` in place of the item with its id; its cell shows it and the layout measures it again.
    public func replace(_ item: Item) {
        guard let index = index(of: item.id) else { return }
        items[index] = item
        assigned[item.id]?.show(item)
        measureAgain(item.id)
    }

    /// The item's cell changed what it shows: measured again at the next layout.
    public func measureAgain(_ id: Item.ID) {
        guard let index = index(of: id) else { return }
        if index < layout.count { layout.measureAgain(at: index) }
        queueLayout()
    }

    /// Changes the layout's own data; call it before `setItems` with the new items.
    public func updateLayout(_ change: (inout Layout) -> Void) {
        change(&layout)
    }

    /// The cell of the item with `id`, if its row is near the view.
    public func cell(for id: Item.ID) -> Cell? { assigned[id] }
    /// The cells showing items now, in item order.
    public var cells: [Cell] {
        assigned.values.map { (cell: $0, index: index(of: $0.item.id) ?? .max) }.sorted { $0.index < $1.index }.map(\.cell)
    }
    /// Every cell made so far, in use or spare.
    public var cellsMade: Int { assigned.count + spare.count }
    public var focusedCell: Cell? { assigned.values.first { $0.view.isFocusWidget } }

    /// An item's likely place from its id (checked before use); without it far items are searched.
    public var locate: (@MainActor (Item.ID) -> Int?)?

    /// Where the item with `id` is: from the last layout, else `locate`, else a search.
    public func index(of id: Item.ID) -> Int? {
        lookup.index(of: id, in: items, locate: locate)
    }

    /// True when every item in view has a cell that shows what it will show, none of them let go.
    public var isLoaded: Bool {
        guard adjustment.pageSize > 0, layout.count == items.count else {
            // Before the first layout the items in view have no cells: loaded only when there are no items.
            let cells = cellsInView
            return items.isEmpty || (!cells.isEmpty && cells.allSatisfy(\.isLoaded))
        }
        let top = adjustment.value, bottom = top + adjustment.pageSize
        if layout.emptyBefore > 0, items.isEmpty || layout.frame(at: 0).y > top { return false }
        if layout.emptyAfter > 0, items.isEmpty || layout.frame(at: items.count - 1).y + layout.frame(at: items.count - 1).height < bottom { return false }
        let inView = layout.indices(from: top, to: bottom)
        return inView.allSatisfy { index in
            index < items.count && (assigned[items[index].id]?.isLoaded ?? false)
        }
    }

    /// The cells at least partly in the view now.
    public var cellsInView: [Cell] {
        let top = adjustment.value, bottom = adjustment.value + adjustment.pageSize
        return assigned.values.filter { cell in
            guard let index = index(of: cell.item.id) else { return false }
            let frame = layout.frame(at: index)
            return !(frame.y > bottom || frame.y + frame.height < top)
        }
    }

    // MARK: State of the layout (+Layout) and of the view's position (+ViewPosition)

    /// A row of spare cells made after the frame, so the first rows scrolled in reuse them.
    lazy var sparesCall = CoalescedCall { [weak self] in
        guard let self, let item = self.items.last else { return }
        while self.spare.count < self.layout.itemsAcross { self.retire(self.newCell(for: item)) }
    }

    var pendingAnimation = false

    lazy var layoutCall = CoalescedCall { [weak self] in
        guard let self else { return }
        let animated = self.pendingAnimation
        self.pendingAnimation = false
        self.relayout(animated: animated, force: false)
    }

    /// The canvas's height as last requested.
    var contentHeight = -1
    /// What the last layout placed: the items with cells, how many items, at what width.
    var placedRange = 0..<0
    var placedCount = -1
    var placedWidth = -1.0
    /// A layout is under way; one asked for inside it is one more pass (`morePasses`).
    var relayingOut = false
    var morePasses = false

    lazy var marginCall = CoalescedCall { [weak self] in self?.relayout(animated: false, force: false) }

    lazy var correctionCall = CoalescedCall { [weak self] in self?.relayout(animated: false, force: true) }

    /// Whether the view stays on what the user looks at when items or heights change above it.
    public var keepsViewStill = false

    /// With `keepsViewStill`: stay at the end (a chat), or at the top showing what came above (a feed).
    public var staysAtEnd = true

    /// Keeps the view on what the user looks at.
    lazy var viewKeeper = ViewKeeper(grid: self)

    /// The items in view the cells were last told of (`tellCellsWhetherInView`).
    var toldViewRange: Range<Int>?

    /// The view's height the layout was last prepared for.
    var preparedViewHeight = 0.0

    /// Where each cell is on screen, in item order (for tests and screenshots).
    public var cellFrames: [Rect] {
        cells.map { cell in
            let origin = cell.view.origin(in: canvas) ?? (0, 0)
            let size = cell.view.allocatedSize
            return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        }
    }
}
