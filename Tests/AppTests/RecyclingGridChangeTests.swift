@testable import App
import Domain
import Foundation
import Gtk
import XCTest
import SimulatedInput

/// Items deleted, inserted, moved and replaced while the grid shows them.
final class RecyclingGridChangeTests: RecyclingGridTestCase {
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
