import CGtk
@testable import Gtk
import XCTest

/// A picture in the viewer is painted in tiles of 512 pixels (under X11, kept in the X server);
/// at a zoom whose tile edges fall between screen pixels, the tiles meet without a seam.
final class PictureTilesTests: GtkTestCase {
    /// One colour all over, `width` × `height`.
    private final class Flat: PixbufSource, @unchecked Sendable {
        let pixbufPointer: OpaquePointer

        init(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) {
            let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height))!
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
            let pixels = gdk_pixbuf_get_pixels(pixbuf)!
            for y in 0..<height {
                for x in 0..<width {
                    pixels[y * stride + x * 3] = red
                    pixels[y * stride + x * 3 + 1] = green
                    pixels[y * stride + x * 3 + 2] = blue
                }
            }
            pixbufPointer = pixbuf
        }

        deinit { g_object_unref(gpointer(pixbufPointer)) }
    }

    func testTilesMeetWithoutASeamAtAZoomBetweenPixels() throws {
        try onMain {
            let window = Window()
            let picture = ZoomablePicture(iconSize: 48)
            picture.setSizeRequest(width: 900, height: 700)
            window.add(picture)
            window.showAll()
            defer { window.destroy() }
            // Three tiles each way.
            picture.show(Flat(width: 1400, height: 1100, red: 0x30, green: 0x90, blue: 0xD0), pictureWidth: 1400, pictureHeight: 1100)
            XCTAssertTrue(GtkRuntime.iterate(until: { !picture.awaitsSurface }, timeout: .seconds(5)), "the surface made")
            var wrong: [String] = []
            for placement in [ZoomablePicture.Placement(originX: 10.3, originY: 7.6, zoom: 0.61),
                              ZoomablePicture.Placement(originX: -40.5, originY: -12.25, zoom: 0.777)] {
                picture.placement = placement
                try Self.drawFrame(window)
                let shot = try XCTUnwrap(Snapshot(onScreen: window))
                let origin = try XCTUnwrap(picture.origin(in: window))
                // Inside the painted picture, a pixel clear of its outer edges.
                let left = max(0, Int(placement.originX.rounded(.up))) + 1, top = max(0, Int(placement.originY.rounded(.up))) + 1
                let right = min(900, Int((placement.originX + 1400 * placement.zoom).rounded(.down))) - 1
                let bottom = min(700, Int((placement.originY + 1100 * placement.zoom).rounded(.down))) - 1
                for y in top..<bottom {
                    for x in left..<right {
                        let seen = shot.pixel(x: origin.x + x, y: origin.y + y) & 0xFFFFFF
                        if seen != 0x3090D0, wrong.count < 5 { wrong.append("zoom \(placement.zoom) at (\(x), \(y)): \(String(format: "%06X", seen))") }
                    }
                }
            }
            XCTAssertEqual(wrong, [], "every pixel inside the picture is its colour")
        }
    }
}
