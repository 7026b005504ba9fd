import CGtk
@testable import Gtk
import XCTest

/// A picture that changes size while it shows (a mosaic tile growing in an animation) paints the
/// surface it has, stretched, and its surface at the new size is made off the main loop once the
/// size holds; frame after frame of the resize resamples nothing on the main loop.
final class PictureResizingTests: GtkTestCase {
    /// A checkerboard of one-pixel squares: any resampling shows.
    private final class Checkerboard: PixbufSource, @unchecked Sendable {
        let pixbufPointer: OpaquePointer

        init(side: Int) {
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(side), gint(side))!
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            let pixels = gdk_pixbuf_get_pixels(pixbuf)!
            for y in 0..<side {
                for x in 0..<side {
                    let value: UInt8 = (x + y) % 2 == 0 ? 0 : 255
                    for channel in 0..<3 { pixels[y * stride + x * 3 + channel] = value }
                }
            }
            pixbufPointer = pixbuf
        }

        deinit { g_object_unref(gpointer(pixbufPointer)) }
    }

    func testAResizedPictureIsStretchedWhileItsSizeChangesAndMadeSharpOffTheMainLoopOnceItHolds() throws {
        try onMain {
            let (window, picture) = Self.pictureInAWindow(side: 100)
            defer { window.destroy() }
            picture.show(Checkerboard(side: 400))
            try Self.drawFrame(window)
            XCTAssertEqual(picture.surfacesMadeWhileDrawing, 1, "the first draw makes the surface")
            XCTAssertTrue(picture.paintsAtItsSize)

            // An animation: a new size every frame.
            for side in stride(from: 104, through: 200, by: 8) {
                picture.setSizeRequest(width: side, height: side)
                try Self.drawFrame(window)
                XCTAssertEqual(picture.allocation.width, side)
            }
            XCTAssertEqual(picture.surfacesMadeWhileDrawing, 1, "no frame of the resize made a surface on the main loop")
            XCTAssertFalse(picture.paintsAtItsSize, "stretched until the size holds")
            XCTAssertTrue(GtkRuntime.iterate(until: { picture.paintsAtItsSize }, timeout: .seconds(5)),
                          "the surface at the new size comes once the size holds")
            // One for the final size when every frame came within the delay; a slow machine whose
            // frames take longer than it may make one for a size on the way too.
            XCTAssertGreaterThanOrEqual(picture.surfacesMadeAside, 1)
            XCTAssertTrue(picture.surfaceSize.map { $0 == (200 * picture.scaleFactor, 200 * picture.scaleFactor) } == true)
        }
    }

    func testTheSamePictureAtANewSizeKeepsWhatShowsUntilItsSurfaceIsMadeAside() throws {
        try onMain {
            let (window, picture) = Self.pictureInAWindow(side: 120)
            defer { window.destroy() }
            picture.show(Checkerboard(side: 120))
            try Self.drawFrame(window)
            picture.show(Checkerboard(side: 240), replacingTheSamePicture: true)
            try Self.drawFrame(window)
            XCTAssertEqual(picture.surfacesMadeWhileDrawing, 1, "the sharper image's surface is not made while drawing")
            XCTAssertTrue(GtkRuntime.iterate(until: { picture.paintsAtItsSize }, timeout: .seconds(5)))
            XCTAssertEqual(picture.surfacesMadeAside, 1)

            // Another picture in the same place (a recycled tile) is never painted with the last one's surface.
            picture.show(Checkerboard(side: 60))
            try Self.drawFrame(window)
            XCTAssertEqual(picture.surfacesMadeWhileDrawing, 2)
        }
    }

    func testAnImageThatArrivesWhileThePlaceholderShowsGetsItsSurfaceMadeAside() throws {
        try onMain {
            let (window, picture) = Self.pictureInAWindow(side: 150)
            defer { window.destroy() }
            picture.showIcon("image-x-generic-symbolic")
            try Self.drawFrame(window)
            picture.show(Checkerboard(side: 300), atOnce: false)
            try Self.drawFrame(window)
            XCTAssertEqual(picture.surfacesMadeWhileDrawing, 0, "no surface made on the main loop")
            XCTAssertTrue(GtkRuntime.iterate(until: { !picture.awaitsSurface && picture.paintsAtItsSize }, timeout: .seconds(5)),
                          "the surface comes")
            try Self.drawFrame(window)
            XCTAssertEqual(picture.surfacesMadeAside, 1)
            XCTAssertEqual(picture.surfacesMadeWhileDrawing, 0)
            XCTAssertTrue(picture.surfaceSize.map { $0 == (150 * picture.scaleFactor, 150 * picture.scaleFactor) } == true)
        }
    }

    /// A picture fitted into a box of another shape paints the picture's rectangle only: the
    /// box's background shows above and below it, not the picture's edge rows carried on (a
    /// picture scaled up keeps its edge pixels to its own edge, no further).
    func testAFittedPicturePaintsNothingOutsideItsOwnRectangle() throws {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 40, 10)!
        defer { g_object_unref(gpointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0xFF00_00FF) // opaque red
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 100, 100)!
        defer { cairo_surface_destroy(surface) }
        Picture.paint(pixbuf, into: surface, width: 100, height: 100, scaling: .fit)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        func argb(_ x: Int, _ y: Int) -> UInt32 { UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self) }
        // 40 x 10 fitted into 100 wide: 100 x 25, rows 37.5 to 62.5.
        XCTAssertEqual(argb(50, 50), 0xFFFF_0000, "the picture, red")
        for y in [0, 20, 35, 65, 80, 99] {
            XCTAssertEqual(argb(50, y) >> 24, 0, "row \(y), outside the picture: nothing painted")
        }
    }

    /// A filling picture `side` points square in a window of its own, on screen.
    @MainActor
    private static func pictureInAWindow(side: Int) -> (Window, Picture) {
        let window = Window()
        let picture = Picture(scaling: .fill)
        picture.setSizeRequest(width: side, height: side)
        let box = Box(.vertical)
        box.append(picture)
        window.add(box)
        window.showAll()
        return (window, picture)
    }
}
