import DequeModule
import Domain
import Foundation
import Gtk

/// A scrolled grid that gives widgets only to the items near the view: the rows in view and a
/// screen around them. Cells are reused for the items that scroll into their place, and the
/// content's height comes from the layout, so showing, appending to or scrolling a list of
/// 10,000 items costs what it does for ten.
///
/// Where items go is the layout's business (`ItemLayout`: squares for the feed; any frames that
/// run top to bottom). What a cell shows is the cell's (`RecyclingCell`). The grid hit-tests the
/// pointer for its windowless cells (`+Input`), moves the focus by position with the keys, keeps
/// the focused cell with its item even when it scrolls far away, and animates moves when items
/// come and go.
@MainActor
public final class RecyclingGrid<Cell: RecyclingCell, Layout: ItemLayout> {
    public typealias Item = Cell.Item

    public let widget: ScrolledWindow
    public let adjustment: Adjustment
    /// The grid's own copy, grown by the pages added at either end: sharing the caller's storage
    /// would make the caller's next change copy every item.
    public private(set) var items: Deque<Item> = []
    public private(set) var layout: Layout
    /// The content: it has a window of its own and hit-tests pointer events for the cells.
    let canvas = Fixed(ownWindow: true)
    let animator: TileAnimator
    /// The cells showing items now, by item id; spare cells wait in `spare`.
    private(set) var assigned: [Item.ID: Cell] = [:]
    private var spare: [Cell] = []
    private let makeCell: @MainActor (Item) -> Cell
    /// Right above the first item and below the last, across the width (paging indicators).
    private let header: Widget?
    private let headerHeight: Int
    private let footer: Widget?
    private let footerHeight: Int

    /// Enter or Space on a cell, or a click on it.
    public var onActivate: (@MainActor (Cell) -> Void)?
    /// A right click, a long press, Menu or Shift+F10 on a cell.
    public var onContextMenu: (@MainActor (Cell) -> Void)?
    /// After every layout and scroll (to load more when near the end).
    public var onLayout: (@MainActor () -> Void)?
    /// Cells load their content only once the grid is ready (the backend has answered).
    public var isReady = false {
        didSet { if isReady != oldValue { relayout(animated: false, force: true) } }
    }

    /// The press, hover and long-press state of the pointer (`+Input`).
    var pressed: Cell?
    var hovered: Cell? {
        didSet {
            guard hovered !== oldValue else { return }
            oldValue?.view.isHovered = false
            hovered?.view.isHovered = true
        }
    }
    var longPress: LongPressGesture?
    /// Where the first button went down on `pressed` (a drag starts from there).
    var pressPoint: (x: Double, y: Double)?
    /// Reordering by dragging, once turned on (`+Reordering`).
    var reorderingDrag: GridDrag<Item.ID>?
    var canMove: (@MainActor (Item) -> Bool)?

    /// How far beyond the view, in screens, rows keep their cells.
    public static var margin: Double { 1.0 }
    /// Cells made in one turn of the main loop for rows beyond the view (those in view are all
    /// made at once). Scrolling brings a row or two at a time; a jump (Home, a page that went in
    /// on top, a drag of the scroll bar) needs a whole view and both margins, and each new cell
    /// measures its content: three screens of chat rows with long texts took 60 ms in one turn.
    /// The margins fill in over the next turns instead, nearest rows first.
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
        listenToPointer()
        listenToKeys()
    }

    // MARK: Items

    /// Shows `items`. Cells of items that are gone are reused; with `animated`, the rest slide to
    /// their new places. A focused cell whose item went passes the focus to the item that took its
    /// place (or the last one).
    public func setItems<Items: RandomAccessCollection>(_ items: Items, animated: Bool) where Items.Element == Item {
        let count = self.items.count, added = items.count - count
        if !animated, added >= 0, let first = items.first, let last = items.last {
            // Items added after the ones shown (a page appended): nothing to take back; lay out
            // once this frame is over, with any other change that comes in it.
            if count == 0 || (self.items.last?.id == items[items.index(items.startIndex, offsetBy: count - 1)].id
                              && self.items.first?.id == first.id) {
                self.items.append(contentsOf: items.suffix(added))
                return queueLayout()
            }
            // Items added before the ones shown (older pages on top): nothing to take back either.
            if self.items.first?.id == items[items.index(items.startIndex, offsetBy: added)].id, self.items.last?.id == last.id {
                self.items.prepend(contentsOf: items.prefix(added))
                return relayout(animated: false, force: true)
            }
        }
        // Where the focus was, among the old items (it may have to pass to another item).
        let focused = focusedCell.flatMap { cell in index(of: cell.item.id).map { (id: cell.item.id, index: $0) } }
        self.items = Deque(items)
        let ids = Set(items.map(\.id))
        for (id, cell) in assigned where !ids.contains(id) {
            assigned[id] = nil
            retire(cell)
        }
        relayout(animated: animated, force: true)
        // Items that came or went above the view move what it shows even when the content's
        // height stays: back onto the item the user looked at.
        keepStill()
        if let focused, !ids.contains(focused.id), !items.isEmpty {
            focus(index: min(focused.index, items.count - 1))
        }
    }

    /// Changes the layout's own data (rows put on top keep their measured heights with
    /// `StackLayout.insert`); call it before `setItems` with the new items.
    public func updateLayout(_ change: (inout Layout) -> Void) {
        change(&layout)
    }

    /// The cell of the item with `id`, if its row is near the view.
    public func cell(for id: Item.ID) -> Cell? { assigned[id] }
    /// The cells showing items now, in item order.
    public var cells: [Cell] {
        assigned.values.sorted { (index(of: $0.item.id) ?? .max) < (index(of: $1.item.id) ?? .max) }
    }
    /// Every cell made so far, in use or spare.
    public var cellsMade: Int { assigned.count + spare.count }
    public var focusedCell: Cell? { assigned.values.first { $0.view.isFocusWidget } }

    /// Where the item with `id` is: known at once for the items the last layout placed.
    public func index(of id: Item.ID) -> Int? {
        if let index = placedIndices[id], items.indices.contains(index), items[index].id == id { return index }
        return items.firstIndex { $0.id == id }
    }

    /// True when every item in view has its cell and the cell shows what it will show (before
    /// the first layout the items in view have no cells yet: not loaded).
    public var isLoaded: Bool {
        guard adjustment.pageSize > 0, layout.count == items.count else {
            // Not laid out yet: loaded only when there is nothing to show (no cell in view is
            // not "every cell in view loaded" while items wait for their first layout).
            let cells = cellsInView
            return items.isEmpty || (!cells.isEmpty && cells.allSatisfy(\.isLoaded))
        }
        let inView = layout.indices(from: adjustment.value, to: adjustment.value + adjustment.pageSize)
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

    /// Brings the item at `index` into view and focuses its cell.
    public func focus(index: Int) {
        guard items.indices.contains(index) else { return }
        reveal(index: index)
        relayout(animated: false, force: true)
        assigned[items[index].id]?.view.grabFocus()
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

    // MARK: Cells

    private func cell(for item: Item) -> Cell {
        if let cell = spare.popLast() {
            cell.show(item)
            cell.view.canFocus = true
            return cell
        }
        return newCell(for: item)
    }

    private func newCell(for item: Item) -> Cell {
        let cell = makeCell(item)
        canvas.put(cell.view, x: 0, y: 0)
        // Focus arriving by any road (Tab, a click, the code) brings the cell into view.
        cell.view.onFocusIn { [weak self, weak cell] in
            guard let self, let cell, let index = self.index(of: cell.item.id) else { return }
            self.reveal(index: index)
        }
        cell.view.onPopupMenu { [weak self, weak cell] in
            guard let self, let cell, let menu = self.onContextMenu else { return false }
            menu(cell)
            return true
        }
        return cell
    }

    /// Spare cells stay shown but parked left of the content, out of sight, out of the focus chain
    /// and with nothing to announce: a cell made or shown again costs its first styling and
    /// measuring (tens of milliseconds for a row), which would land in the frame that needs it.
    private func retire(_ cell: Cell) {
        if hovered === cell { hovered = nil }
        if pressed === cell { pressed = nil }
        cell.park()
        cell.view.canFocus = false
        // The size of a first item (a row stays a row); never below the content's end, which
        // would make the canvas taller than its content.
        let first = layout.count > 0 ? layout.frame(at: 0) : Frame(x: 0, y: 0, width: 100, height: 100)
        let width = max(first.width, 1), height = max(1, min(first.height, layout.contentHeight))
        animator.jump(cell.view, to: Frame(x: -4 * max(width, 100), y: 0, width: width, height: height))
        spare.append(cell)
    }

    /// Keeps a row of spare cells ready (made after the current frame), so the first rows that
    /// scroll into range reuse cells instead of making them.
    private lazy var sparesCall = CoalescedCall { [weak self] in
        guard let self, let item = self.items.last else { return }
        while self.spare.count < self.layout.itemsAcross { self.retire(self.newCell(for: item)) }
    }

    // MARK: Layout

    private var pendingAnimation = false
    private lazy var layoutCall = CoalescedCall { [weak self] in
        guard let self else { return }
        let animated = self.pendingAnimation
        self.pendingAnimation = false
        self.relayout(animated: animated, force: false)
    }

    /// Lays out now (a just-added cell is wanted at once).
    public func layoutNow() {
        relayout(animated: false, force: true)
    }

    /// Lays out after the current frame's allocation (size requests made during one are dropped).
    public func queueLayout(animated: Bool = false) {
        pendingAnimation = pendingAnimation || animated
        layoutCall.schedule()
    }

    /// Runs in the scrolled window's allocation, after GTK allocated the canvas for the new width:
    /// the cells are laid out for it and allocated again at once, so the frame that shows the new
    /// width draws its layout (laid out after the allocation, one frame showed the old width's
    /// columns, cut off at a narrower edge). The pass after it settles what depends on the new
    /// view height.
    private func widthChanged(_ width: Int) {
        guard Double(width) != layout.width else { return }
        layout.prepare(width: Double(width), count: items.count, viewHeight: adjustment.pageSize)
        preparedViewHeight = adjustment.pageSize
        relayout(animated: false, force: false)
        widget.allocateContentAgain()
        queueLayout()
    }

    private var contentHeight = -1
    /// What the last layout placed: the items with cells, how many items, at what width.
    private var placedRange = 0..<0
    private var placedCount = -1
    private var placedWidth = -1.0
    private var placedIndices: [Item.ID: Int] = [:]

    /// Gives cells to the items in view (and a screen around), takes them from the rest, has the
    /// cells of rows never measured measure themselves, and puts every cell, the header, the
    /// footer and the content's height in place.
    func relayout(animated: Bool, force: Bool) {
        // A relayout asked for from inside one (the view moved to keep still) is one more pass of it.
        if relayingOut { morePasses = true; return }
        relayingOut = true
        defer { relayingOut = false }
        layout.prepare(width: layout.width, count: items.count, viewHeight: adjustment.pageSize)
        preparedViewHeight = adjustment.pageSize
        guard layout.width > 0 else { return }
        var pass = 0
        var range = 0..<0
        var measured = false
        repeat {
            morePasses = false
            // The view first goes back on what the user looked at, so that the cells go to the
            // items that will be in view.
            if force || measured { keepStill() }
            let page = max(adjustment.pageSize, 1)
            range = withinCellBudget(layout.indices(from: adjustment.value - page * Self.margin,
                                                    to: adjustment.value + page * (1 + Self.margin)))
            // Scrolling within the same rows changes nothing: most frames end here.
            if pass == 0, !animated, !force, range == placedRange, placedCount == items.count, placedWidth == layout.width {
                onLayout?()
                return
            }
            assignCells(to: range)
            // Estimated heights become measured ones; the next pass puts the view back.
            measured = false
            for index in range where layout.needsMeasuring(at: index) {
                guard let cell = assigned[items[index].id] else { continue }
                layout.setMeasuredHeight(Double(cell.measuredContent.preferredHeight(forWidth: Int(layout.width))), at: index)
                measured = true
            }
            pass += 1
        } while (morePasses || measured) && pass < 4
        if measured { keepStill() }
        place(animated: animated)
        if isReady, spare.count < layout.itemsAcross, !items.isEmpty { sparesCall.schedule() }
        onLayout?()
    }

    private var relayingOut = false
    private var morePasses = false

    /// `range` (the view and its margins), less the margin rows past `marginCellsPerTurn` new
    /// cells, which come in the next turns (`marginCall`).
    private func withinCellBudget(_ range: Range<Int>) -> Range<Int> {
        let view = layout.indices(from: adjustment.value, to: adjustment.value + max(adjustment.pageSize, 1))
        var lower = min(max(view.lowerBound, range.lowerBound), range.upperBound)
        var upper = max(min(view.upperBound, range.upperBound), lower)
        var budget = Self.marginCellsPerTurn
        /// Takes in one more row if it has a cell or the budget allows a new one.
        func takes(_ index: Int) -> Bool {
            if assigned[items[index].id] != nil { return true }
            guard budget > 0 else { return false }
            budget -= 1
            return true
        }
        var grew = true
        while grew {
            grew = false
            if upper < range.upperBound, takes(upper) { upper += 1; grew = true }
            if lower > range.lowerBound, takes(lower - 1) { lower -= 1; grew = true }
        }
        if lower != range.lowerBound || upper != range.upperBound { marginCall.schedule() }
        return lower..<upper
    }

    private lazy var marginCall = CoalescedCall { [weak self] in self?.relayout(animated: false, force: false) }

    /// A row measured short, corrected: GTK allocates every cell at least its real height, so a
    /// cell allocated taller than its row's frame needs more than was measured (its content
    /// changed after the measure, or a width passed on the way was measured last). The rows
    /// below would overlap it; the row takes the allocation and all are laid out again in the
    /// next frame.
    private func takeTheHeightsGTKGave() {
        guard layout.measuresItems, !relayingOut, layout.width > 0 else { return }
        var corrected = false
        for (id, cell) in assigned {
            guard let index = index(of: id), index < layout.count else { continue }
            let allocated = Double(cell.view.allocation.height)
            if allocated > layout.frame(at: index).height.rounded() + 0.5, cell.view.allocation.width == Int(layout.width.rounded()) {
                layout.setMeasuredHeight(allocated, at: index)
                corrected = true
            }
        }
        if corrected { correctionCall.schedule() }
    }

    private lazy var correctionCall = CoalescedCall { [weak self] in self?.relayout(animated: false, force: true) }

    private func assignCells(to range: Range<Int>) {
        placedRange = range
        placedCount = items.count
        placedWidth = layout.width
        var indexByID: [Item.ID: Int] = [:]
        for index in range { indexByID[items[index].id] = index }
        placedIndices = indexByID
        // Cells of rows that left the range go straight to the rows that came in: hiding and
        // showing them again would unmap and remap each one.
        var leaving: [Cell] = []
        for (id, cell) in assigned where indexByID[id] == nil && !cell.view.isFocusWidget {
            assigned[id] = nil
            leaving.append(cell)
        }
        for index in range where assigned[items[index].id] == nil {
            let cell: Cell
            if let reused = leaving.popLast() {
                reused.show(items[index])
                cell = reused
            } else {
                cell = self.cell(for: items[index])
            }
            animator.jump(cell.view, to: layout.frame(at: index))
            assigned[items[index].id] = cell
        }
        leaving.forEach(retire)
    }

    private func place(animated: Bool) {
        var targets: [(Widget, Frame)] = []
        for (id, cell) in assigned {
            // A focused cell keeps its item even out of range; find its index the slow way then.
            guard let index = index(of: id) else { continue }
            let frame = layout.frame(at: index)
            cell.setPosition(index, of: items.count)
            if isReady { cell.load(side: Int(frame.width)) }
            targets.append((cell.view, frame))
        }
        if let header {
            let top = layout.count > 0 ? layout.frame(at: 0).y : layout.contentHeight
            targets.append((header, Frame(x: 0, y: top - Double(headerHeight), width: layout.width, height: Double(headerHeight))))
        }
        let bottomEdge = layout.contentHeight
        if let footer {
            targets.append((footer, Frame(x: 0, y: bottomEdge, width: layout.width, height: Double(footerHeight))))
        }
        // Only when it changes: a size request makes GTK lay the whole grid out again.
        let height = Int(bottomEdge.rounded(.up)) + footerHeight
        if height != contentHeight {
            contentHeight = height
            canvas.setSizeRequest(width: -1, height: height)
        }
        animator.move(targets, animated: animated && ThemeSettings().animationsEnabled)
    }

    // MARK: Keeping the view still

    /// Whether the view stays on what the user looks at when items or heights change above it.
    public var keepsViewStill = false
    /// With `keepsViewStill`, whether a view at the end stays at the end (a chat), or a view at the
    /// top stays at the top and shows what came in above (a feed).
    public var staysAtEnd = true
    /// The view is at the end and follows it.
    public private(set) var followsEnd = true
    /// The item at the top of the view and how far its top is above the view's.
    private var anchor: (id: Item.ID, offset: Double)?
    /// Set while the grid moves the view itself, so that the move is not taken for the user's.
    private var adjusting = false

    /// The content's height changed (the new size reached the adjustment, before drawing).
    private func extentChanged() {
        // A taller or shorter view: layouts that fill the view (a short chat sits at its bottom)
        // change, and more or fewer rows need cells.
        if adjustment.pageSize != preparedViewHeight, !relayingOut {
            relayout(animated: false, force: true)
        } else {
            keepStill()
        }
    }

    /// The view's height the layout was last prepared for.
    private var preparedViewHeight = 0.0

    /// Puts the view back on what the user looked at, or at the end.
    private func keepStill() {
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
    private func rememberView() {
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
    private func scrolled() {
        // The content moved under a still pointer, which sends no motion: the highlight comes
        // back with the pointer's next move.
        hovered = nil
        if !adjusting, keepsViewStill { rememberView() }
        relayout(animated: false, force: false)
    }

    /// Where each cell is on screen, in item order (for tests and screenshots).
    public var cellFrames: [Rect] {
        cells.map { cell in
            let origin = cell.view.origin(in: canvas) ?? (0, 0)
            let size = cell.view.allocatedSize
            return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        }
    }
}
