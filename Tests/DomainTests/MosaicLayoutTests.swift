import Domain
import XCTest

final class MosaicLayoutTests: XCTestCase {
    /// The seed's diagram at three columns of 100 px: 0 is 2×2, 1 and 2 stack beside it, then
    /// rows run 5 4 3, 6 7 8, 11 10 9, 12 13 14.
    func testTheFirstFifteenFramesMatchTheDiagram() {
        let layout = MosaicLayout(width: 300)
        let expected: [(Double, Double, Double)] = [
            (0, 0, 200), (200, 0, 100), (200, 100, 100),
            (200, 200, 100), (100, 200, 100), (0, 200, 100),
            (0, 300, 100), (100, 300, 100), (200, 300, 100),
            (200, 400, 100), (100, 400, 100), (0, 400, 100),
            (0, 500, 100), (100, 500, 100), (200, 500, 100),
        ]
        for (index, (x, y, side)) in expected.enumerated() {
            XCTAssertEqual(layout.frame(at: index), .init(x: x, y: y, width: side, height: side), "cell \(index)")
        }
    }

    func testSpacingKeepsTheShapeAndTheBigCellCoversTwoCellsAndAGap() {
        let layout = MosaicLayout(width: 340, spacing: 10) // cells of 100 with 10 px gaps
        XCTAssertEqual(layout.cellSide, 100)
        XCTAssertEqual(layout.frame(at: 0), .init(x: 10, y: 10, width: 210, height: 210))
        XCTAssertEqual(layout.frame(at: 1), .init(x: 230, y: 10, width: 100, height: 100))
        XCTAssertEqual(layout.frame(at: 5), .init(x: 10, y: 230, width: 100, height: 100))
    }

    func testContentHeightForZeroOneAndTwoItemsPlusTheAddCell() {
        let layout = MosaicLayout(width: 300)
        XCTAssertEqual(layout.contentHeight(cellCount: 0), 0)
        XCTAssertEqual(layout.contentHeight(cellCount: 1), 200, "no items: the Add cell is the big cell")
        XCTAssertEqual(layout.contentHeight(cellCount: 2), 200, "one item and Add beside it")
        XCTAssertEqual(layout.contentHeight(cellCount: 3), 200)
        XCTAssertEqual(layout.contentHeight(cellCount: 4), 300, "the fourth cell starts the first row")
        XCTAssertEqual(layout.contentHeight(cellCount: 13), 600)
    }

    /// The band of cells a view needs, by arithmetic, matches the cells whose frames meet it, at
    /// 10,000 cells as at three.
    func testABandHoldsExactlyTheRowsThatMeetIt() {
        for count in [1, 2, 3, 4, 13, 10_001] {
            var layout = MosaicLayout(width: 612, spacing: 12)
            layout.prepare(width: 612, count: count, viewHeight: 700)
            XCTAssertEqual(layout.contentHeight, layout.contentHeight(cellCount: count))
            let bottom = [0, count - 1].map { layout.frame(at: $0).y + layout.frame(at: $0).height }.max()!
            XCTAssertEqual(layout.contentHeight, bottom + 12, "\(count) cells end a gap below the lowest")
            var top = -50.0
            while top < layout.contentHeight + 100 {
                let band = layout.indices(from: top, to: top + 700)
                let meeting = (0..<count).filter { let f = layout.frame(at: $0); return f.y + f.height > top && f.y < top + 700 }
                if let first = meeting.first, let end = meeting.last {
                    XCTAssertLessThanOrEqual(band.lowerBound, first, "\(count) cells, band at \(top)")
                    XCTAssertGreaterThanOrEqual(band.upperBound, end + 1, "\(count) cells, band at \(top)")
                    XCTAssertLessThanOrEqual(band.count, meeting.count + 3, "whole rows, no more: \(count) cells at \(top)")
                } else {
                    XCTAssertTrue(band.isEmpty, "\(count) cells, band at \(top): \(band)")
                }
                top += count > 100 ? 9_973 : 37
            }
        }
    }

    func testWideWindowsKeepThreeColumnsCentred() {
        let layout = MosaicLayout(width: 1960)
        XCTAssertEqual(layout.gridWidth, MosaicLayout.maximumWidth)
        XCTAssertEqual(layout.frame(at: 0).x, 500)
        XCTAssertEqual(layout.frame(at: 3).x, 500 + 640)
    }

    func testDocumentProblemsAreReportedWithoutDroppingItems() {
        let document = GalleryDocument(items: [
            GalleryItem(uuid: "bef89c66-2318-46bb-b142-41f88ddf532f", imageUrlString: "https://a/1.jpg"),
            GalleryItem(uuid: "not-a-uuid", imageUrlString: "https://a/2.jpg"),
            GalleryItem(uuid: "BEF89C66-2318-46BB-B142-41F88DDF532F", imageUrlString: "ftp://a/3.jpg"),
            GalleryItem(uuid: "Not-A-UUID", imageUrlString: "https://a/4.jpg"),
        ])
        XCTAssertEqual(document.problems, [
            .malformedIdentifier(index: 1, uuid: "not-a-uuid"),
            .duplicateIdentifier(index: 2, firstIndex: 0, uuid: "BEF89C66-2318-46BB-B142-41F88DDF532F"),
            .invalidLink(index: 2, link: "ftp://a/3.jpg"),
            .malformedIdentifier(index: 3, uuid: "Not-A-UUID"),
            .duplicateIdentifier(index: 3, firstIndex: 1, uuid: "Not-A-UUID"),
        ])
        XCTAssertEqual(document.items.count, 4)
    }

    func testLinksMustBeHTTPOrHTTPS() {
        XCTAssertEqual(LinkValidation.validate("  "), .failure(.empty))
        XCTAssertEqual(LinkValidation.validate("file:///etc/passwd"), .failure(.notHTTP(scheme: "file")))
        XCTAssertEqual(LinkValidation.validate("hello world"), .failure(.notAURL))
        XCTAssertEqual(try LinkValidation.validate(" https://example.org/a.png ").get().absoluteString, "https://example.org/a.png")
    }
}
