import Domain
import XCTest

/// Which part of a large picture the viewer decodes alone when zoomed in.
final class DetailRegionTests: XCTestCase {
    func testFittedOrSmallThePictureIsDecodedWhole() {
        var viewport = ImageViewport(imageWidth: 10_000, imageHeight: 8_000, viewWidth: 1000, viewHeight: 800, scale: 1)
        XCTAssertNil(DetailRegion(viewport: viewport), "fitted: the picture at the view's size")
        viewport.setZoom(0.15)
        XCTAssertNil(DetailRegion(viewport: viewport), "1500 × 1200 is under four views: decoded whole")
        let small = ImageViewport(imageWidth: 1200, imageHeight: 900, viewWidth: 1000, viewHeight: 800, scale: 1)
        XCTAssertNil(DetailRegion(viewport: small))
    }

    func testAtOneHundredPercentThePartIsTheViewAndAQuarterOfItEachSide() throws {
        var viewport = ImageViewport(imageWidth: 10_000, imageHeight: 8_000, viewWidth: 1000, viewHeight: 800, scale: 1)
        viewport.setZoom(1)
        let part = try XCTUnwrap(DetailRegion(viewport: viewport))
        XCTAssertEqual([part.scaledWidth, part.scaledHeight], [10_000, 8_000])
        XCTAssertEqual([part.x, part.y, part.width, part.height], [5000 - 750, 4000 - 600, 1500, 1200])
        // Half as large, the part is in the pixels of the picture at half its size.
        viewport.setZoom(0.5)
        let half = try XCTUnwrap(DetailRegion(viewport: viewport))
        XCTAssertEqual([half.scaledWidth, half.scaledHeight], [5000, 4000])
        XCTAssertEqual([half.x, half.y, half.width, half.height], [2500 - 750, 2000 - 600, 1500, 1200])
    }

    func testAPanWithinTheMarginIsServedByThePartThereIsAndOnePastItIsNot() throws {
        var viewport = ImageViewport(imageWidth: 10_000, imageHeight: 8_000, viewWidth: 1000, viewHeight: 800, scale: 2)
        viewport.setZoom(1)
        let shown = try XCTUnwrap(DetailRegion(viewport: viewport))
        XCTAssertEqual([shown.width, shown.height], [2512, 2112], "the view's device pixels, with a margin of at most 256 each side")
        viewport.pan(byX: 100, y: 50)
        XCTAssertTrue(try XCTUnwrap(DetailRegion(viewport: viewport)).isServed(by: shown, viewport: viewport))
        viewport.pan(byX: 100, y: 0)
        XCTAssertFalse(try XCTUnwrap(DetailRegion(viewport: viewport)).isServed(by: shown, viewport: viewport))
        viewport.setZoom(2)
        XCTAssertTrue(try XCTUnwrap(DetailRegion(viewport: viewport)).isServed(by: shown, viewport: viewport),
                      "at 200 % the part is the picture's own pixels still, and the view, half as wide, is in it again")
        viewport.setZoom(0.5)
        XCTAssertFalse(try XCTUnwrap(DetailRegion(viewport: viewport)).isServed(by: shown, viewport: viewport),
                       "at 50 % a part of the picture at half its size")
    }

    func testThePartStopsAtThePicturesEdges() throws {
        var viewport = ImageViewport(imageWidth: 10_000, imageHeight: 8_000, viewWidth: 1000, viewHeight: 800, scale: 1)
        viewport.setZoom(1, aroundViewX: 0, y: 0)
        viewport.pan(byX: 20_000, y: 20_000)
        let part = try XCTUnwrap(DetailRegion(viewport: viewport))
        XCTAssertEqual([part.x, part.y], [0, 0])
        XCTAssertEqual([part.width, part.height], [1250, 1000], "the view and its margin on the far sides only")
    }
}
