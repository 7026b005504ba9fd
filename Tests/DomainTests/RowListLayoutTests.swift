import Domain
import XCTest

/// The people list's rows: one height, across the width less the margins, found by arithmetic.
final class RowListLayoutTests: XCTestCase {
    private func list(count: Int) -> RowListLayout {
        var layout = RowListLayout(rowHeight: 57, top: 12, bottom: 24, side: 24)
        layout.prepare(width: 700, count: count, viewHeight: 500)
        return layout
    }

    func testRowsStandOneUnderTheOtherWithinTheMargins() {
        let layout = list(count: 10_000)
        XCTAssertEqual(layout.frame(at: 0), Frame(x: 24, y: 12, width: 652, height: 57))
        XCTAssertEqual(layout.frame(at: 9_999).y, 12 + 9_999 * 57)
        XCTAssertEqual(layout.contentHeight, 12 + 10_000 * 57 + 24)
        XCTAssertEqual(list(count: 0).contentHeight, 0, "nothing to show: no room either")
    }

    /// In a wide window the rows keep GNOME's list width, centred; a narrow one keeps its margins.
    func testRowsAtMostTheirWidestStandCentred() {
        var layout = RowListLayout(rowHeight: 57, top: 12, bottom: 24, side: 24, maximumWidth: 600)
        layout.prepare(width: 1100, count: 3, viewHeight: 500)
        XCTAssertEqual(layout.frame(at: 2), Frame(x: 250, y: 12 + 2 * 57, width: 600, height: 57))
        layout.prepare(width: 500, count: 3, viewHeight: 500)
        XCTAssertEqual(layout.frame(at: 0), Frame(x: 24, y: 12, width: 452, height: 57))
    }

    func testABandAsksForTheRowsThatMeetIt() {
        let layout = list(count: 10_000)
        XCTAssertEqual(layout.indices(from: 0, to: 12), 0..<0, "above the first row")
        XCTAssertEqual(layout.indices(from: 0, to: 13), 0..<1)
        XCTAssertEqual(layout.indices(from: 0, to: 69), 0..<1, "a row starting where the band ends is not in it")
        XCTAssertEqual(layout.indices(from: 69, to: 70), 1..<2)
        XCTAssertEqual(layout.indices(from: 12 + 5_000 * 57 + 1, to: 12 + 5_001 * 57), 5_000..<5_001)
        XCTAssertEqual(layout.indices(from: 10_000_000, to: 10_000_600), 10_000..<10_000, "past the end: nothing")
        XCTAssertEqual(list(count: 7).indices(from: -500, to: 10_000), 0..<7)
    }

    func testArrowsAndPagesMoveByRows() {
        let layout = list(count: 100)
        XCTAssertEqual(layout.neighbour(of: 3, .down), 4)
        XCTAssertEqual(layout.neighbour(of: 3, .up), 2)
        XCTAssertNil(layout.neighbour(of: 0, .up))
        XCTAssertNil(layout.neighbour(of: 99, .down))
        XCTAssertNil(layout.neighbour(of: 3, .left), "nothing stands beside a row")
        XCTAssertNil(layout.neighbour(of: 3, .right), "nothing stands beside a row")
        XCTAssertEqual(layout.nearest(x: 350, y: layout.frame(at: 3).y + 28 + 57 * 5), 8)
    }
}
