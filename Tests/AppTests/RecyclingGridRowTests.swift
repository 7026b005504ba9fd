@testable import App
import Domain
import Foundation
import Gtk
import XCTest
import SimulatedInput

/// Rows of different heights: measured short, and a retry above a short stack of them.
final class RecyclingGridRowTests: RecyclingGridTestCase {
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
