import Domain
import XCTest

/// The square grid's arithmetic and the moves by position every item layout shares.
final class ItemLayoutTests: XCTestCase {
    private func grid(width: Double = 800, count: Int) -> SquareGridLayout {
        var layout = SquareGridLayout(spacing: 6, minimumSide: 150, maximumSide: 240)
        layout.prepare(width: width, count: count, viewHeight: 600)
        return layout
    }

    func testSquaresFillRowsCentredWithEqualSpacing() {
        let layout = grid(count: 10_000)
        XCTAssertEqual(layout.columns, 5)
        XCTAssertEqual(layout.side, 152)
        let first = layout.frame(at: 0), second = layout.frame(at: 1), below = layout.frame(at: 5)
        XCTAssertEqual(second.x - first.x, 158)
        XCTAssertEqual(below.y - first.y, 158)
        XCTAssertEqual(first.x, 800 - (layout.frame(at: 4).x + 152), accuracy: 1, "centred")
        XCTAssertEqual(layout.contentHeight, 6 + 2_000 * 158)
    }

    func testABandAsksForWholeRowsOnly() {
        let layout = grid(count: 10_000)
        XCTAssertEqual(layout.indices(from: 0, to: 600), 0..<20, "rows 0 to 3 meet 0–600 (row 4 starts at 638)")
        XCTAssertEqual(layout.indices(from: 0, to: 638), 0..<20, "a row starting where the band ends is not in it")
        XCTAssertEqual(layout.indices(from: 0, to: 639), 0..<25)
        let middle = layout.indices(from: 158_000, to: 158_600)
        XCTAssertEqual(middle.lowerBound % 5, 0)
        XCTAssertEqual(middle.count % 5, 0)
        XCTAssertTrue(middle.contains(5_000))
        XCTAssertEqual(layout.indices(from: 400_000, to: 401_000), 10_000..<10_000, "past the end: nothing")
        XCTAssertEqual(grid(count: 7).indices(from: -500, to: 10_000), 0..<7)
        XCTAssertEqual(grid(count: 0).indices(from: 0, to: 600), 0..<0)
    }

    func testNeighboursByPosition() {
        let layout = grid(count: 12) // rows of 5: 0–4, 5–9, 10–11
        XCTAssertEqual(layout.neighbour(of: 0, .right), 1)
        XCTAssertNil(layout.neighbour(of: 0, .left))
        XCTAssertEqual(layout.neighbour(of: 5, .left), 4, "left from a row's start goes to the end of the row above")
        XCTAssertEqual(layout.neighbour(of: 1, .down), 6)
        XCTAssertEqual(layout.neighbour(of: 6, .up), 1)
        XCTAssertNil(layout.neighbour(of: 2, .up))
        XCTAssertEqual(layout.neighbour(of: 8, .down), 11, "the last row is short: the nearest below")
        XCTAssertNil(layout.neighbour(of: 11, .down))
        XCTAssertNil(layout.neighbour(of: 11, .right))
        let tall = grid(count: 10_000)
        XCTAssertEqual(tall.nearest(x: tall.frame(at: 3).x + 10, y: tall.frame(at: 3).y + 600), 3 + 5 * 3, "the same column, in the row 600 px further down")
    }

    /// Items let go above the view keep their places: the ones left stay where they were, and the
    /// band above them has none of them.
    func testEmptyPlacesBeforeTheFirstItemKeepTheRestWhereTheyWere() {
        let whole = grid(count: 1_000)
        var rest = grid(count: 1_000 - 203)
        rest.emptyBefore = 203
        XCTAssertEqual(rest.contentHeight, whole.contentHeight, "the same height: the scroll bar still tells the whole")
        for index in [0, 1, 2, 50, 796] {
            XCTAssertEqual(rest.frame(at: index), whole.frame(at: index + 203), "item \(index) of the rest")
        }
        XCTAssertEqual(rest.indices(from: 0, to: 600), 0..<0, "the empty places have no items")
        let band = whole.frame(at: 200).y
        XCTAssertEqual(rest.indices(from: band, to: band + 1), 0..<2, "the row the rest starts in: its last two places")
        XCTAssertEqual(rest.indices(from: band, to: band + 200), 0..<7)
        XCTAssertEqual(rest.indices(from: 0, to: 1_000_000), 0..<797)
        XCTAssertNil(rest.neighbour(of: 1, .up), "nothing above the first row left")
        XCTAssertEqual(rest.neighbour(of: 0, .down), 5)
    }
}
