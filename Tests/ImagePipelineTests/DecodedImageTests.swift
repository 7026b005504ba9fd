import CGdkPixbuf
@testable import ImagePipeline
import XCTest

/// Decoded pixels are kept in cairo's layout, converted once from gdk-pixbuf's.
final class DecodedImageTests: XCTestCase {
    /// A pixbuf of `width` x 1 with these (red, green, blue, alpha) pixels.
    private func pixbuf(_ pixels: [(UInt8, UInt8, UInt8, UInt8)], alpha: Bool) -> OpaquePointer {
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, alpha ? 1 : 0, 8, gint(pixels.count), 1)!
        let bytes = gdk_pixbuf_get_pixels(pixbuf)!
        let channels = alpha ? 4 : 3
        for (index, pixel) in pixels.enumerated() {
            bytes[index * channels] = pixel.0
            bytes[index * channels + 1] = pixel.1
            bytes[index * channels + 2] = pixel.2
            if alpha { bytes[index * channels + 3] = pixel.3 }
        }
        return pixbuf
    }

    func testOpaquePixelsBecomeXRGBInNativeOrder() {
        let image = DecodedImage(adopting: pixbuf([(255, 0, 0, 255), (10, 20, 30, 255), (0, 0, 255, 255)], alpha: false))
        XCTAssertFalse(image.hasAlpha)
        XCTAssertEqual(image.stride, 12)
        XCTAssertEqual(image.cost, 12)
        XCTAssertEqual(image.pixel(x: 0, y: 0), 0xFFFF_0000, "red")
        XCTAssertEqual(image.pixel(x: 1, y: 0), 0xFF0A_141E)
        XCTAssertEqual(image.pixel(x: 2, y: 0), 0xFF00_00FF, "blue")
    }

    func testAlphaIsPremultipliedAndRounded() {
        let image = DecodedImage(adopting: pixbuf([(255, 255, 255, 128), (200, 100, 50, 0), (255, 128, 0, 255), (90, 90, 90, 51)], alpha: true))
        XCTAssertTrue(image.hasAlpha)
        XCTAssertEqual(image.pixel(x: 0, y: 0), 0x8080_8080, "white at half: 128 each")
        XCTAssertEqual(image.pixel(x: 1, y: 0), 0x0000_0000, "fully transparent")
        XCTAssertEqual(image.pixel(x: 2, y: 0), 0xFFFF_8000, "opaque stays as it was")
        XCTAssertEqual(image.pixel(x: 3, y: 0), 0x3312_1212, "90 x 51 / 255 = 18")
    }

    /// A real decode keeps the pipeline's sizes and gives every pixel a value: rows are laid out
    /// by the image's own stride, not the pixbuf's.
    func testADecodedJPEGIsWholeAtItsStride() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/media")
        let file = try XCTUnwrap(try FileManager.default.contentsOfDirectory(atPath: data.path).first { $0.hasSuffix(".jpg") })
        let image = try PixbufImageDecoder().decode(Data(contentsOf: data.appendingPathComponent(file)), maximumPixelSize: 101)
        XCTAssertEqual(max(image.width, image.height), 101)
        XCTAssertEqual(image.stride, image.width * 4)
        XCTAssertEqual(image.cost, image.stride * image.height)
        for (x, y) in [(0, 0), (image.width - 1, image.height - 1), (image.width / 2, image.height / 2)] {
            XCTAssertEqual(image.pixel(x: x, y: y) >> 24, 0xFF, "opaque at \(x),\(y)")
        }
    }
}
