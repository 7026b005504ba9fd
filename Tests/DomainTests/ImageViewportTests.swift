import Domain
import XCTest

/// The viewer's geometry: fit, zoom around a point, pan within the edges, resize.
final class ImageViewportTests: XCTestCase {
    /// A 6000 x 4000 photo in a 1200 x 800 view.
    private func photo(scale: Int = 1) -> ImageViewport {
        ImageViewport(imageWidth: 6000, imageHeight: 4000, viewWidth: 1200, viewHeight: 800, scale: scale)
    }

    func testAPictureOpensFittedAndASmallOneIsNotBlownUp() {
        let large = photo()
        XCTAssertTrue(large.isFitted)
        XCTAssertEqual(large.zoom, 0.2, accuracy: 1e-9)
        XCTAssertEqual(large.percent, 20)
        XCTAssertFalse(large.canPan)
        XCTAssertEqual(large.origin.x, 0)
        XCTAssertEqual(large.origin.y, 0)
        let small = ImageViewport(imageWidth: 300, imageHeight: 200, viewWidth: 1200, viewHeight: 800, scale: 1)
        XCTAssertEqual(small.zoom, 1, "a small picture shows at 100 %, not stretched")
        XCTAssertEqual(small.origin.x, 450, "centred")
        XCTAssertEqual(small.origin.y, 300)
        // At scale 2 the view has twice the device pixels: the photo fits at 40 %.
        XCTAssertEqual(photo(scale: 2).zoom, 0.4, accuracy: 1e-9)
    }

    func testZoomingAroundAPointKeepsThatPointUnderIt() {
        for scale in [1, 2] {
            var viewport = photo(scale: scale)
            let before = viewport.picturePoint(atViewX: 300, y: 200)
            viewport.setZoom(1, aroundViewX: 300, y: 200)
            let after = viewport.picturePoint(atViewX: 300, y: 200)
            XCTAssertEqual(after.x, before.x, accuracy: 1e-6, "scale \(scale)")
            XCTAssertEqual(after.y, before.y, accuracy: 1e-6, "scale \(scale)")
            XCTAssertEqual(viewport.percent, 100)
            XCTAssertFalse(viewport.isFitted)
            XCTAssertTrue(viewport.canPan)
        }
    }

    func testZoomStaysBetweenBestFitAndTheMost() {
        var viewport = photo()
        viewport.zoomOut()
        XCTAssertTrue(viewport.isFitted, "no further out than best fit")
        XCTAssertEqual(viewport.zoom, viewport.fitZoom)
        for _ in 0..<20 { viewport.zoomIn() }
        XCTAssertEqual(viewport.zoom, ImageViewport.maximumZoom)
        viewport.zoomIn()
        XCTAssertEqual(viewport.percent, 2000)
        for _ in 0..<20 { viewport.zoomOut() }
        XCTAssertTrue(viewport.isFitted, "zooming out comes back to best fit exactly")
        XCTAssertEqual(viewport.origin.x, 0)
    }

    func testPanningFollowsThePointerAndStopsAtTheEdges() {
        var viewport = photo()
        viewport.setZoom(1)
        let centre = (viewport.centerX, viewport.centerY)
        viewport.pan(byX: 100, y: -50)
        XCTAssertEqual(viewport.centerX, centre.0 - 100)
        XCTAssertEqual(viewport.centerY, centre.1 + 50, "dragged up, the picture moves up and shows more below")
        viewport.pan(byX: 100_000, y: 100_000)
        XCTAssertEqual(viewport.origin.x, 0, "the left edge stops at the view's")
        XCTAssertEqual(viewport.origin.y, 0)
        viewport.pan(byX: -100_000, y: -100_000)
        XCTAssertEqual(viewport.origin.x, 1200 - 6000, "the right edge stops at the view's")
        XCTAssertEqual(viewport.origin.y, 800 - 4000)
        // At scale 2 a drag of one logical pixel moves the picture two device pixels: under the pointer.
        var sharp = photo(scale: 2)
        sharp.setZoom(1)
        let x = sharp.origin.x
        sharp.pan(byX: 10, y: 0)
        XCTAssertEqual(sharp.origin.x, x + 20)
    }

    func testAtOneHundredPercentEveryPixelFallsOnAScreenPixel() {
        var viewport = ImageViewport(imageWidth: 601, imageHeight: 401, viewWidth: 300, viewHeight: 200, scale: 1)
        viewport.setZoom(1, aroundViewX: 123.4, y: 56.7)
        viewport.pan(byX: 0.3, y: 0.6)
        XCTAssertEqual(viewport.origin.x, viewport.origin.x.rounded())
        XCTAssertEqual(viewport.origin.y, viewport.origin.y.rounded())
    }

    func testResizingRefitsAFittedPictureAndKeepsAZoomedOnesCentre() {
        var fitted = photo()
        fitted.resize(viewWidth: 600, viewHeight: 800, scale: 1)
        XCTAssertEqual(fitted.zoom, 0.1, accuracy: 1e-9)
        var zoomed = photo()
        zoomed.setZoom(1, aroundViewX: 900, y: 600)
        let centre = (zoomed.centerX, zoomed.centerY)
        zoomed.resize(viewWidth: 1000, viewHeight: 700, scale: 1)
        XCTAssertEqual(zoomed.zoom, 1)
        XCTAssertEqual(zoomed.centerX, centre.0)
        XCTAssertEqual(zoomed.centerY, centre.1)
    }

    func testADecodeIsAskedForAtTheSizeShownUpToThePicturesOwn() {
        var viewport = photo()
        XCTAssertEqual(viewport.neededSide, 1200)
        viewport.setZoom(0.5)
        XCTAssertEqual(viewport.neededSide, 3000)
        viewport.setZoom(3)
        XCTAssertEqual(viewport.neededSide, 6000, "never more than the picture's own pixels")
    }
}
