import CGdkPixbuf
import Foundation
import HelperWire
import HelperClients
import XCTest

/// A part of a picture comes from the decoder helper as cairo paints it (premultiplied ARGB32),
/// so the viewer makes no surface of its own beside it.
final class CairoPixelsTests: XCTestCase {
    /// Premultiplied and in cairo's byte order, rounded as GTK rounds it when it paints a pixbuf.
    func testRGBABecomesCairosARGB32AsGTKWouldMakeIt() {
        var pixels: [UInt8] = [255, 128, 0, 255, 200, 100, 50, 128, 10, 20, 30, 0, 255, 255, 255, 1]
        pixels.withUnsafeMutableBytes { CairoPixels.premultiply($0.baseAddress!, width: 4, height: 1, rowstride: 16) }
        XCTAssertEqual(pixels, [0, 128, 255, 255, 25, 50, 100, 128, 0, 0, 0, 0, 1, 1, 1, 1])
    }

    /// A translucent PNG's part, decoded in the helper, arrives marked as cairo's and holds the
    /// picture's pixels so converted; the whole picture still arrives as RGBA.
    func testAPartFromTheHelperIsCairosPixelsOfThePicture() throws {
        let width = 64, height = 48
        let source = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, gint(width), gint(height)))
        defer { g_object_unref(UnsafeMutableRawPointer(source)) }
        let stride = Int(gdk_pixbuf_get_rowstride(source))
        let start = gdk_pixbuf_get_pixels(source)!
        var original: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let pixel = [UInt8(x * 4), UInt8(y * 5), UInt8((x + y) % 256), UInt8((x * 7 + y * 3) % 256)]
                for (channel, value) in pixel.enumerated() { start[y * stride + x * 4 + channel] = value }
                original += pixel
            }
        }
        var buffer: UnsafeMutablePointer<gchar>? = nil
        var length: gsize = 0
        var error: UnsafeMutablePointer<GError>? = nil
        XCTAssertNotEqual(tessera_pixbuf_save(source, &buffer, &length, "png", &error), 0)
        let png = Data(bytes: try XCTUnwrap(buffer), count: Int(length))
        g_free(buffer)

        let decoder = SandboxedImageDecoder(processes: DecoderProcesses())
        let part = try decoder.decode(.data(png), to: DecodingTarget(side: width, region: PictureRegion(x: 0, y: 0, width: width, height: height)))
        XCTAssertTrue(part.isCairoARGB32, "a part comes as cairo's pixels")
        XCTAssertEqual([part.width, part.height], [width, height])
        var expected = original
        expected.withUnsafeMutableBytes { CairoPixels.premultiply($0.baseAddress!, width: width, height: height, rowstride: width * 4) }
        let partStride = Int(gdk_pixbuf_get_rowstride(part.pixbuf))
        let received = gdk_pixbuf_read_pixels(part.pixbuf)!
        let rows = (0..<height).flatMap { y in Array(UnsafeBufferPointer(start: received + y * partStride, count: width * 4)) }
        XCTAssertEqual(rows, expected)

        let whole = try decoder.decode(.data(png), to: DecodingTarget(side: width))
        XCTAssertFalse(whole.isCairoARGB32, "a whole picture comes as RGBA")
        let wholeStride = Int(gdk_pixbuf_get_rowstride(whole.pixbuf))
        let wholePixels = gdk_pixbuf_read_pixels(whole.pixbuf)!
        XCTAssertEqual(Array(UnsafeBufferPointer(start: wholePixels + 5 * wholeStride + 7 * 4, count: 4)),
                       Array(original[(5 * width + 7) * 4..<(5 * width + 7) * 4 + 4]))
    }
}
