import Domain
import XCTest

final class CardLayoutTests: XCTestCase {
    func testColumnsFollowTheWidth() {
        XCTAssertEqual(CardLayout(width: 360).columns, 1, "a narrow window shows one column")
        XCTAssertEqual(CardLayout(width: 360).columnWidth, 336)
        XCTAssertEqual(CardLayout(width: 900).columns, 3)
        let wide = CardLayout(width: 3840)
        XCTAssertGreaterThanOrEqual(wide.columns, 9)
        XCTAssertLessThanOrEqual(wide.columnWidth, CardLayout.maximumColumnWidth)
        for width in stride(from: 200.0, through: 4000, by: 37) {
            let layout = CardLayout(width: width)
            let used = Double(layout.columns) * (layout.columnWidth + layout.spacing) + layout.spacing
            XCTAssertLessThanOrEqual(used, width + 0.5, "no card leaves the grid at \(width)")
            XCTAssertGreaterThanOrEqual(layout.columnWidth, min(CardLayout.minimumColumnWidth, width - 24))
        }
    }

    func testCardsGoToTheShortestColumn() {
        let layout = CardLayout(width: 584) // two columns of 274
        XCTAssertEqual(layout.columns, 2)
        let frames = layout.frames(heights: [300, 100, 100, 50])
        XCTAssertEqual(frames.map(\.x), [12, 298, 298, 298])
        XCTAssertEqual(frames.map(\.y), [12, 12, 124, 236])
        XCTAssertEqual(layout.contentHeight(frames), 324)
    }

    func testImageHeightKeepsTheAspectRatio() {
        let layout = CardLayout(width: 360)
        XCTAssertEqual(layout.imageHeight(aspect: 2), 168)
        XCTAssertEqual(layout.imageHeight(aspect: 0.5), 672)
        XCTAssertEqual(layout.imageHeight(aspect: .nan), 252, "an unknown aspect uses the placeholder's")
    }
}
