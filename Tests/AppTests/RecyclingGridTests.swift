@testable import App
import Domain
import Foundation
import Gtk
import XCTest
import SimulatedInput

/// The recycling grid on its own, in a real window, with thousands of items: only the items near
/// the view have widgets, the focus survives recycling, the keys move by position, the pointer
/// finds the windowless cells, and a layout of rows of different heights works as squares do.
final class RecyclingGridTests: RecyclingGridTestCase {
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
            XCTAssertEqual(grid.layout.frame(at: paged).y - grid.adjustment.value, grid.layout.frame(at: 0).y, accuracy: 1,
                           "the view moved with the focus, which keeps its place on screen")
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
}
