@testable import App
import Domain
import Foundation
import Gtk
import XCTest
import SimulatedInput

/// The recycling grid on its own, in a real window, with thousands of items: only the items near
/// the view have widgets, the focus survives recycling, the keys move by position, the pointer
/// finds the windowless cells, and a layout of rows of different heights works as squares do.
final class RecyclingGridTests: AppTestCase {
    struct Numbered: Identifiable, Sendable { let id: Int }

    /// A focusable, windowless cell that names its item.
    @MainActor
    final class NumberCell: RecyclingCell {
        let view: Widget
        let label = Label()
        private(set) var item: Numbered
        private(set) var loadedSide = 0
        static var made = 0

        init(_ item: Numbered) {
            self.item = item
            let box = Box(.vertical)
            box.append(label, expand: true)
            box.canFocus = true
            box.announceAsButton()
            box.showAll()
            view = box
            Self.made += 1
            show(item)
        }

        func show(_ item: Numbered) {
            self.item = item
            label.text = "\(item.id)"
            view.accessibleName = "Item \(item.id)"
            loadedSide = 0
        }

        func park() {
            label.text = ""
            view.accessibleName = ""
        }

        func load(side: Int) { loadedSide = side }
        var isLoaded: Bool { loadedSide > 0 }
    }

    /// Rows across the whole width, each as tall as its item says (as chat messages are).
    struct RowsLayout: ItemLayout {
        let heights: [Double]
        private let tops: [Double]
        private(set) var width = 0.0
        private(set) var count = 0

        init(heights: [Double]) {
            self.heights = heights
            var tops: [Double] = [], y = 0.0
            for height in heights { tops.append(y); y += height }
            self.tops = tops + [y]
        }

        mutating func prepare(width: Double, count: Int, viewHeight: Double) {
            self.width = width
            self.count = min(count, heights.count)
        }

        var contentHeight: Double { tops[count] }
        var itemsAcross: Int { 1 }
        func frame(at index: Int) -> Frame { Frame(x: 0, y: tops[index], width: width, height: heights[index]) }

        func indices(from top: Double, to bottom: Double) -> Range<Int> {
            func firstEnding(after y: Double) -> Int { // the first row whose bottom is below y
                var low = 0, high = count
                while low < high {
                    let middle = (low + high) / 2
                    if tops[middle + 1] <= y { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let first = firstEnding(after: top)
            var last = first
            while last < count, tops[last] < bottom { last += 1 }
            return first..<last
        }
    }

    @MainActor
    private func show<Layout: ItemLayout>(_ grid: RecyclingGrid<NumberCell, Layout>, items count: Int,
                                          width: Int = 800, height: Int = 600) -> Window {
        let window = Window()
        window.add(grid.widget)
        window.setDefaultSize(width: width, height: height)
        window.showAll()
        grid.setItems((0..<count).map(Numbered.init), animated: false)
        grid.isReady = true
        waitFor("the cells in view laid out") {
            grid.adjustment.pageSize > 0 && !grid.cells.isEmpty && grid.isLoaded
                && abs(grid.adjustment.upper - max(grid.layout.contentHeight, grid.adjustment.pageSize)) < 1
        }
        return window
    }

    @MainActor
    private func squares() -> RecyclingGrid<NumberCell, SquareGridLayout> {
        RecyclingGrid(layout: SquareGridLayout(spacing: 6, minimumSide: 150, maximumSide: 240)) { NumberCell($0) }
    }

    /// True once every cell is allocated where the layout puts its item.
    @MainActor
    private func placed<Layout: ItemLayout>(_ grid: RecyclingGrid<NumberCell, Layout>) -> Bool {
        zip(grid.cells, grid.cellFrames).allSatisfy { cell, frame in
            let expected = grid.layout.frame(at: cell.item.id)
            return abs(Double(frame.y) - expected.y) <= 1 && abs(Double(frame.x) - expected.x) <= 1
                && abs(Double(frame.height) - expected.height) <= 1
        }
    }

    /// Does `change`, then reads the first frame drawn where `condition` holds: whether every
    /// cell is placed where the layout puts it and inside the grid's width, and that width.
    @MainActor
    private func firstFrame<Layout: ItemLayout>(of grid: RecyclingGrid<NumberCell, Layout>, in window: Window,
                                                where condition: @escaping @MainActor () -> Bool,
                                                after change: () -> Void) -> (placed: Bool, inside: Bool, width: Int)? {
        var seen: (placed: Bool, inside: Bool, width: Int)?
        let watch = window.onDrawn {
            guard seen == nil, condition() else { return }
            let width = grid.widget.allocatedSize.width
            seen = (self.placed(grid), grid.cellFrames.allSatisfy { $0.x + $0.width <= width + 1 }, width)
        }
        defer { window.disconnect(watch) }
        change()
        waitFor("a frame drawn after the change") { seen != nil }
        return seen
    }

    @MainActor
    private func ids<Layout: ItemLayout>(_ grid: RecyclingGrid<NumberCell, Layout>) -> [Int] { grid.cells.map(\.item.id) }

    /// Items given to a grid that has not laid them out yet are not loaded: the screenshot mode
    /// took a gallery that had not laid out for a settled one and captured its placeholders.
    func testItemsNotYetLaidOutAreNotLoaded() throws {
        try onMain {
            let grid = squares()
            let window = Window()
            defer { window.destroy() }
            window.add(grid.widget)
            window.setDefaultSize(width: 800, height: 600)
            XCTAssertTrue(grid.isLoaded, "an empty grid has nothing to load")
            grid.setItems((0..<20).map(Numbered.init), animated: false)
            grid.isReady = true
            XCTAssertFalse(grid.isLoaded, "twenty items and no layout yet")
            window.showAll()
            waitFor("the cells in view laid out and loaded") { grid.adjustment.pageSize > 0 && !grid.cells.isEmpty && grid.isLoaded }
        }
    }

    func testTenThousandItemsHaveWidgetsOnlyNearTheView() throws {
        try onMain {
            NumberCell.made = 0
            let grid = squares()
            let window = show(grid, items: 10_000)
            defer { window.destroy() }
            let columns = grid.layout.columns
            let rowsInView = Int((grid.adjustment.pageSize / (grid.layout.side + 6)).rounded(.up)) + 1
            // The rows in view and a screen below (none above at the top), and a row of spares.
            let bound = (3 * rowsInView + 2) * columns + columns
            XCTAssertLessThanOrEqual(grid.cellsMade, bound)
            XCTAssertEqual(NumberCell.made, grid.cellsMade)
            XCTAssertEqual(ids(grid).first, 0)
            XCTAssertEqual(grid.adjustment.upper, grid.layout.contentHeight, accuracy: 1, "the height of all 10,000")
            XCTAssertEqual(grid.cells.first?.view.accessibleName, "Item 0")

            // Far down, the cells are the same widgets showing the items there.
            let made = grid.cellsMade
            grid.adjustment.value = grid.adjustment.upper / 2
            waitFor("the middle's cells in place") { ids(grid).contains(5_000 - 5_000 % columns) && grid.isLoaded && placed(grid) }
            XCTAssertLessThanOrEqual(grid.cellsMade, max(made, bound), "cells are reused, not made")
            let shown = ids(grid)
            let first = try XCTUnwrap(shown.first, "no cells near the middle"), last = try XCTUnwrap(shown.last)
            XCTAssertEqual(shown, Array(first...max(first, last)), "one run of items, in order")
            for cell in grid.cells { XCTAssertEqual(cell.view.accessibleName, "Item \(cell.item.id)") }
            grid.adjustment.value = grid.adjustment.upper - grid.adjustment.pageSize
            waitFor("the last cells") { ids(grid).last == 9_999 && grid.isLoaded }
            XCTAssertLessThanOrEqual(NumberCell.made, max(made, bound))

            // And back to the start (what the screenshot mode asks of a page before its narrow shot).
            grid.scrollToStart()
            waitFor("the first cells again") { ids(grid).first == 0 && grid.isLoaded && placed(grid) }
            XCTAssertEqual(grid.adjustment.value, 0)
            XCTAssertEqual(grid.cells.first?.view.accessibleName, "Item 0")
        }
    }

    /// A narrower window lays the cells out at its width in the very frame that shows it: no frame
    /// draws the old width's columns (a column cut off at the edge) before the new ones.
    func testTheFirstFrameAtANewWidthShowsTheNewWidthsLayout() throws {
        try onMain {
            let grid = squares()
            let window = show(grid, items: 200, width: 900)
            defer { window.destroy() }
            let wide = grid.layout.columns
            let atNewWidth = firstFrame(of: grid, in: window, where: { grid.widget.allocatedSize.width < 800 }) {
                window.resize(width: 500, height: 600)
            }
            XCTAssertLessThan(grid.layout.columns, wide)
            XCTAssertEqual(atNewWidth?.inside, true, "a cell reached past the \(atNewWidth?.width ?? 0) px edge in the first frame")
            XCTAssertEqual(atNewWidth?.placed, true, "the first frame at the new width drew the old layout")
        }
    }

    /// A grid shown again after the window changed width while it was hidden (another section in
    /// front) draws the new width's layout in the frame that shows it.
    func testAGridShownAgainAtAnotherWidthDrawsThatWidthsLayoutAtOnce() throws {
        try onMain {
            let grid = squares()
            let stack = Stack()
            let other = Label("another section")
            stack.addNamed(grid.widget, name: "grid")
            stack.addNamed(other, name: "other")
            let window = Window()
            window.add(stack)
            window.setDefaultSize(width: 900, height: 600)
            window.showAll()
            stack.setVisibleChild(named: "grid", transition: .none)
            grid.setItems((0..<200).map(Numbered.init), animated: false)
            grid.isReady = true
            defer { window.destroy() }
            waitFor("the cells laid out") { !grid.cells.isEmpty && grid.isLoaded && self.placed(grid) }
            stack.setVisibleChild(named: "other", transition: .none)
            window.resize(width: 500, height: 600)
            waitFor("the narrower window") { window.size.width == 500 }
            let shown = firstFrame(of: grid, in: window, where: { grid.widget.isMapped }) {
                stack.setVisibleChild(named: "grid", transition: .none)
            }
            XCTAssertEqual(shown?.inside, true, "a cell reached past the \(shown?.width ?? 0) px edge")
            XCTAssertEqual(shown?.placed, true, "the first frame drew the old layout")
        }
    }

    func testTheFocusedCellKeepsItsItemWhenScrolledFarAway() throws {
        try onMain {
            let grid = squares()
            let window = show(grid, items: 5_000)
            defer { window.destroy() }
            let first = try XCTUnwrap(grid.cell(for: 3))
            first.view.grabFocus()
            waitFor("item 3 focused") { first.view.isFocusWidget }
            grid.adjustment.value = grid.adjustment.upper / 2
            waitFor("the middle") { ids(grid).contains(2_500 - 2_500 % grid.layout.columns) }
            XCTAssertTrue(grid.cell(for: 3) === first, "the focused cell was not recycled")
            XCTAssertEqual(first.view.accessibleName, "Item 3")
            XCTAssertTrue(first.view.isFocusWidget)
            grid.adjustment.value = 0
            waitFor("back at the top") { ids(grid).first == 0 && grid.isLoaded }
            XCTAssertTrue(grid.cell(for: 3)?.view.isFocusWidget == true)
        }
    }

    func testTheKeysMoveByPositionToItemsThatHadNoWidget() throws {
        try onMain {
            let grid = squares()
            let window = show(grid, items: 3_000)
            defer { window.destroy() }
            let columns = grid.layout.columns
            var activated: [Int] = []
            grid.onActivate = { activated.append($0.item.id) }
            @MainActor func focused() -> Int? { grid.focusedCell?.item.id }
            grid.cell(for: 0)?.view.grabFocus()
            waitFor("item 0 focused") { focused() == 0 }
            XCTAssertTrue(InputSimulation.key("Right", on: window))
            waitFor("item 1") { focused() == 1 }
            XCTAssertTrue(InputSimulation.key("Down", on: window))
            waitFor("the item below") { focused() == 1 + columns }
            XCTAssertTrue(InputSimulation.key("Left", on: window))
            waitFor("its left neighbour") { focused() == columns }
            XCTAssertTrue(InputSimulation.key("Up", on: window))
            waitFor("back at 0") { focused() == 0 }
            XCTAssertTrue(InputSimulation.key("End", on: window))
            waitFor("the last item, which had no widget") { focused() == 2_999 }
            XCTAssertEqual(grid.adjustment.value, grid.adjustment.upper - grid.adjustment.pageSize, accuracy: 7, "scrolled to it")
            XCTAssertTrue(InputSimulation.key("Home", on: window))
            waitFor("the first item") { focused() == 0 }
            XCTAssertEqual(grid.adjustment.value, 0)
            XCTAssertTrue(InputSimulation.key("Page_Down", on: window))
            waitFor("a screen further") { (focused() ?? 0) > columns }
            let paged = try XCTUnwrap(focused())
            XCTAssertEqual(paged % columns, 0, "same column")
            let pitch = grid.layout.side + 6
            XCTAssertGreaterThanOrEqual(Double(paged / columns) * pitch, grid.adjustment.pageSize - 2 * pitch)
            XCTAssertTrue(InputSimulation.key("Return", on: window))
            XCTAssertTrue(InputSimulation.key("space", on: window))
            waitFor("activated twice") { activated.count == 2 }
            XCTAssertEqual(activated, [paged, paged])
        }
    }

    func testThePointerFindsTheWindowlessCells() throws {
        try onMain {
            let grid = squares()
            let window = show(grid, items: 500)
            defer { window.destroy() }
            var activated: [Int] = [], menus: [Int] = []
            grid.onActivate = { activated.append($0.item.id) }
            grid.onContextMenu = { menus.append($0.item.id) }
            let second = try XCTUnwrap(grid.cell(for: 1)), third = try XCTUnwrap(grid.cell(for: 2))
            XCTAssertTrue(InputSimulation.click(second.view, in: window))
            waitFor("the click") { activated == [1] }
            XCTAssertTrue(second.view.isFocusWidget, "a click focuses the cell")
            XCTAssertTrue(InputSimulation.click(third.view, button: 3, in: window))
            waitFor("the menu asked for") { menus == [2] }
            XCTAssertTrue(third.view.isFocusWidget)
            InputSimulation.movePointer(to: second.view, in: window)
            waitFor("the cell under the pointer highlighted") { second.view.isHovered }
            XCTAssertFalse(third.view.isHovered)
        }
    }

    func testRowsOfDifferentHeightsRecycleAndMoveAsSquaresDo() throws {
        try onMain {
            let heights = (0..<10_000).map { Double(40 + ($0 * 37) % 120) }
            let grid = RecyclingGrid(layout: RowsLayout(heights: heights)) { NumberCell($0) }
            let window = show(grid, items: heights.count, width: 400, height: 500)
            defer { window.destroy() }
            XCTAssertEqual(grid.adjustment.upper, heights.reduce(0, +), accuracy: 1)
            XCTAssertLessThan(grid.cellsMade, 40, "a screen and a half of rows of at least 40 px, and spares")
            grid.adjustment.value = 300_000
            waitFor("rows near 300,000 px") { grid.cells.contains { grid.layout.frame(at: $0.item.id).y <= 300_000 && grid.layout.frame(at: $0.item.id).y + grid.layout.frame(at: $0.item.id).height > 300_000 } }
            XCTAssertLessThan(grid.cellsMade, 60)
            waitFor("each row allocated at its frame") { placed(grid) }
            let visible = try XCTUnwrap(grid.cells.first { grid.layout.frame(at: $0.item.id).y >= 300_000 })
            visible.view.grabFocus()
            waitFor("a row focused") { visible.view.isFocusWidget }
            XCTAssertTrue(InputSimulation.key("Down", on: window))
            waitFor("the next row") { grid.focusedCell?.item.id == visible.item.id + 1 }
            XCTAssertTrue(InputSimulation.key("Up", on: window))
            waitFor("back") { grid.focusedCell?.item.id == visible.item.id }
        }
    }

    func testDeletingTheFocusedItemPassesTheFocusToTheOneThatTookItsPlace() throws {
        try onMain {
            let grid = squares()
            let window = show(grid, items: 100)
            defer { window.destroy() }
            grid.cell(for: 4)?.view.grabFocus()
            waitFor("item 4 focused") { grid.focusedCell?.item.id == 4 }
            grid.setItems((0..<100).filter { $0 != 4 }.map(Numbered.init), animated: true)
            waitFor("item 5 focused in its place") { grid.focusedCell?.item.id == 5 }
            XCTAssertNil(grid.cell(for: 4))
            waitFor("item 5 slid into item 4's place") {
                guard let index = grid.cells.firstIndex(where: { $0.item.id == 5 }) else { return false }
                return abs(Double(grid.cellFrames[index].x) - grid.layout.frame(at: 4).x) <= 1
            }
        }
    }

    /// An item removed, inserted and moved in place (as the gallery tells one change among
    /// 100,000) does what `setItems` with the changed items does: the focus of a removed item
    /// passes to the one that took its place, the cells show their items at their frames, and a
    /// moved item keeps its cell.
    func testItemsRemovedInsertedAndMovedInPlaceShowAsSetItemsWould() throws {
        try onMain {
            let grid = squares()
            let window = show(grid, items: 1000)
            defer { window.destroy() }
            grid.cell(for: 4)?.view.grabFocus()
            waitFor("item 4 focused") { grid.focusedCell?.item.id == 4 }
            grid.remove(at: 4, animated: true)
            XCTAssertEqual(grid.items.count, 999)
            XCTAssertNil(grid.cell(for: 4))
            waitFor("item 5 focused in its place") { grid.focusedCell?.item.id == 5 }
            grid.insert(Numbered(id: 5000), at: 0, animated: true)
            let moved = try XCTUnwrap(grid.cell(for: 8))
            grid.move(from: 8, to: 1, animated: true)
            var expected = Array(0..<1000).filter { $0 != 4 }
            expected.insert(5000, at: 0)
            expected.insert(expected.remove(at: 8), at: 1)
            XCTAssertEqual(Array(grid.items.map(\.id)), expected)
            XCTAssertTrue(grid.cell(for: 8) === moved, "the moved item keeps its cell")
            XCTAssertEqual(grid.focusedCell?.item.id, 5, "the focus stays on its item")
            waitFor("every cell at its item's frame (cells \(ids(grid).prefix(8)))") {
                let cells = grid.cells
                guard ids(grid).prefix(6) == [5000, 8, 0, 1, 2, 3] else { return false }
                return cells.indices.allSatisfy { index in
                    let frame = grid.layout.frame(at: grid.index(of: cells[index].item.id) ?? -1)
                    return abs(Double(grid.cellFrames[index].x) - frame.x) <= 1 && abs(Double(grid.cellFrames[index].y) - frame.y) <= 1
                }
            }
            XCTAssertEqual(grid.cells.first?.view.accessibleName, "Item 5000")
        }
    }

    /// A search's answer replaces the items it showed: [0, 2, 4] becoming [0, 1, 4, 5] has the
    /// old first item first and the old last one at its old count's place, as pages added at the
    /// end would, and was once shown as [0, 2, 4, 5] (Facts' and People's searches).
    func testItemsThatAreNotTheOldOnesWithMoreShowAsGiven() throws {
        try onMain {
            let grid = squares()
            let window = show(grid, items: 1)
            defer { window.destroy() }
            grid.setItems([0, 2, 4].map(Numbered.init), animated: false)
            waitFor("three cells") { ids(grid) == [0, 2, 4] }
            grid.setItems([0, 1, 4, 5].map(Numbered.init), animated: false, extending: false)
            XCTAssertEqual(grid.items.map(\.id), [0, 1, 4, 5])
            waitFor("the cells of the new items") { ids(grid) == [0, 1, 4, 5] }
            XCTAssertEqual(grid.cells.map(\.view.accessibleName), ["Item 0", "Item 1", "Item 4", "Item 5"])
        }
    }
}

extension RecyclingGridTests {
    /// Two rows sit at the bottom of a tall view with the header right above them; parked spare
    /// rows must not make the content taller than that (the view would scroll the header away).
    /// A row whose cell needs more height than it was measured at (GTK 3 can answer a reused
    /// cell's measure from a stale cache) takes the height GTK allocates it, and the rows below
    /// move down: none overlaps the next.
    func testARowMeasuredShortTakesTheHeightItIsAllocated() throws {
        try onMain {
            let grid = RecyclingGrid(layout: StackLayout(headerHeight: 0, estimatedHeight: 40)) { NumberCell($0) }
            let window = show(grid, items: 50, width: 400, height: 500)
            defer { window.destroy() }
            waitFor("each row allocated at its frame") { placed(grid) }
            let cell = try XCTUnwrap(grid.cells.first { $0.item.id == 3 })
            let measured = grid.layout.frame(at: 3).height
            // Taller content behind the grid's back, as a stale measure leaves it.
            cell.label.text = "3\nand\nfour\nmore\nlines"
            waitFor("the row as tall as its content, the next below it") {
                guard let next = grid.cells.first(where: { $0.item.id == 4 }),
                      let top = cell.view.origin(in: grid.canvas), let below = next.view.origin(in: grid.canvas) else { return false }
                return grid.layout.frame(at: 3).height > measured + 40 && below.y >= top.y + cell.view.allocation.height
            }
            XCTAssertEqual(grid.layout.frame(at: 3).height, Double(cell.view.allocation.height), accuracy: 1)
        }
    }

    func testARetryAboveAShortStackOfRowsTakesARealClick() throws {
        try onMain {
            let paging = PagingIndicator(loading: "Loading", failurePrefix: "Failed.", end: "End", retryBeside: false)
            paging.widget.showAll()
            paging.show(.failed("the network is down"))
            let button = paging.retry
            let grid = RecyclingGrid(layout: StackLayout(headerHeight: 96, estimatedHeight: 40),
                                     header: paging.widget, headerHeight: 96) { NumberCell($0) }
            let window = show(grid, items: 2)
            defer { window.destroy() }
            var clicks = 0
            button.onClicked { clicks += 1 }
            XCTAssertEqual(grid.adjustment.upper, grid.adjustment.pageSize, accuracy: 1, "no taller than the view")
            clickWhenSteady(button, in: window)
            waitFor("the click") { clicks == 1 }
        }
    }
}
