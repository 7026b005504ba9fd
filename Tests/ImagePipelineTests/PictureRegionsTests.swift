import CGdkPixbuf
import Foundation
import HelperWire
@testable import PictureDecoding
import TestSupport
import XCTest

/// Parts of pictures decoded alone, at a scale, as the viewer asks for them zoomed into a large
/// picture: PNGs and JPEGs streamed row by row, other pictures decoded whole and cut.
final class PictureRegionsTests: XCTestCase {
    let decoder = PixbufImageDecoder(memory: DecodingMemory(budget: 64 << 20))

    /// A picture with a different colour at every pixel, encoded by gdk-pixbuf as `type`.
    private func noise(width: Int, height: Int, type: String) throws -> Data {
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, gint(width), gint(height)))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * stride + x * 3] = UInt8(truncatingIfNeeded: x * 7 + y * 3)
                pixels[y * stride + x * 3 + 1] = UInt8(truncatingIfNeeded: (x ^ y) * 5)
                pixels[y * stride + x * 3 + 2] = UInt8(truncatingIfNeeded: x * y)
            }
        }
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        guard tessera_pixbuf_save(pixbuf, &buffer, &size, type, nil) != 0, let buffer else { throw XCTSkip("no \(type) encoder") }
        defer { g_free(buffer) }
        return Data(bytes: buffer, count: Int(size))
    }

    /// The RGB of the pixel at `x`, `y`.
    private func rgb(_ image: DecodedImage, _ x: Int, _ y: Int) -> [Int] {
        let stride = Int(gdk_pixbuf_get_rowstride(image.pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(image.pixbuf))
        let pixels = gdk_pixbuf_read_pixels(image.pixbuf)!
        return (0..<3).map { Int(pixels[y * stride + x * channels + $0]) }
    }

    func testAPartAtFullSizeHasTheWholeDecodesPixels() throws {
        for (type, tolerance) in [("png", 0), ("jpeg", 6)] {
            let data = try noise(width: 300, height: 200, type: type)
            let whole = try decoder.decode(data, maximumPixelSize: 300)
            let region = PictureRegion(x: 37, y: 51, width: 100, height: 80)
            let part = try decoder.decode(data, to: DecodingTarget(side: 300, region: region))
            XCTAssertEqual([part.width, part.height], [100, 80], type)
            XCTAssertEqual([part.originalWidth, part.originalHeight], [300, 200], "\(type): the picture's own size told")
            var worst = 0
            for y in 0..<80 {
                for x in 0..<100 {
                    worst = max(worst, zip(rgb(part, x, y), rgb(whole, x + 37, y + 51)).map { abs($0 - $1) }.max()!)
                }
            }
            XCTAssertLessThanOrEqual(worst, tolerance, "\(type): the part is the whole decode's pixels there")
        }
    }

    func testAPartAtHalfSizeAveragesThePixelsEachCovers() throws {
        let data = try noise(width: 300, height: 200, type: "png")
        let whole = try decoder.decode(data, maximumPixelSize: 300)
        let part = try decoder.decode(data, to: DecodingTarget(side: 150, region: PictureRegion(x: 20, y: 10, width: 40, height: 30)))
        XCTAssertEqual([part.width, part.height], [40, 30])
        for (x, y) in [(0, 0), (13, 7), (39, 29)] {
            let sources = [(0, 0), (1, 0), (0, 1), (1, 1)].map { rgb(whole, (20 + x) * 2 + $0.0, (10 + y) * 2 + $0.1) }
            let average = (0..<3).map { channel in Double(sources.map { $0[channel] }.reduce(0, +)) / 4 }
            XCTAssertEqual(zip(rgb(part, x, y), average).map { abs(Double($0) - $1) }.max()!, 0, accuracy: 0.5,
                           "pixel \(x), \(y) is the average of the four it covers")
        }
    }

    func testAPictureTooLargeToDecodeWholeIsShownByItsParts() throws {
        // 8200 × 8200: 67 megapixels, past what a whole decode may take.
        let data = try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent("checkers-8200.png"))
        let fitted = try decoder.decode(data, maximumPixelSize: 1025)
        XCTAssertEqual([fitted.width, fitted.height, fitted.originalWidth, fitted.originalHeight], [1025, 1025, 8200, 8200])
        // Squares of 512 picture pixels are 64 here: the middle of the first two, and of the last.
        XCTAssertEqual(rgb(fitted, 32, 32), [30, 30, 30])
        XCTAssertEqual(rgb(fitted, 96, 32), [230, 230, 230])
        XCTAssertEqual(rgb(fitted, 1020, 1020), [30, 30, 30], "the last row and column: square (15, 15)")
        // At 100 %, the part across the corner of four squares at (4096, 4096), pixel for pixel.
        let part = try decoder.decode(data, to: DecodingTarget(side: 8200, region: PictureRegion(x: 4090, y: 4090, width: 12, height: 12)))
        XCTAssertEqual([part.width, part.height], [12, 12])
        XCTAssertEqual(rgb(part, 5, 5), [30, 30, 30], "4095, 4095: square (7, 7)")
        XCTAssertEqual(rgb(part, 6, 5), [230, 230, 230], "4096, 4095: square (8, 7)")
        XCTAssertEqual(rgb(part, 6, 6), [30, 30, 30], "4096, 4096: square (8, 8)")
        // Asked whole at its own size, it would hold 268 MB: refused in words.
        XCTAssertThrowsError(try decoder.decode(data, maximumPixelSize: 8200)) { error in
            XCTAssertEqual(error as? PictureRefusal, .tooLarge(width: 8200, height: 8200))
        }
    }

    func testAPartOfATurnedJPEGIsCutFromThePictureUpright() throws {
        // Orientation 6 stores the picture turned a quarter: upright it is 40 × 60, its top half
        // blue (left) and red (right).
        let data = try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent("orientation-6.jpg"))
        let part = try decoder.decode(data, to: DecodingTarget(side: 60, region: PictureRegion(x: 20, y: 0, width: 20, height: 30)))
        XCTAssertEqual([part.width, part.height, part.originalWidth, part.originalHeight], [20, 30, 40, 60])
        let middle = rgb(part, 10, 15)
        XCTAssertLessThanOrEqual(abs(middle[0] - 220) + abs(middle[1] - 30) + abs(middle[2] - 30), 60, "the top right quarter is red: \(middle)")
    }

    func testAPartOfAnotherFormatIsCutFromItsWholeDecode() throws {
        let data = try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent("quarters.webp"))
        let part = try decoder.decode(data, to: DecodingTarget(side: 60, region: PictureRegion(x: 30, y: 20, width: 30, height: 20)))
        XCTAssertEqual([part.width, part.height], [30, 20])
        let middle = rgb(part, 15, 10)
        XCTAssertLessThanOrEqual(abs(middle[0] - 255) + abs(middle[1] - 255) + abs(middle[2] - 255), 60, "the bottom right quarter is white: \(middle)")
    }

    func testTheWireCarriesThePart() {
        let request = DecoderWire.Request.decode(id: 4, target: DecodingTarget(side: 8200, region: PictureRegion(x: 1, y: 2, width: 30, height: 40)),
                                                 length: 99)
        XCTAssertEqual(request.line, "4 decode 8200 fit still 99 1,2,30,40\n")
        XCTAssertEqual(DecoderWire.Request(line: String(request.line.dropLast()), maximumLength: 100), request)
        XCTAssertNil(DecoderWire.Request(line: "4 decode 8200 fit still 99 1,2,0,40", maximumLength: 100), "a part of no pixels")
        XCTAssertNil(DecoderWire.Request(line: "4 decode 8200 fit still 99 -1,2,30,40", maximumLength: 100))
    }
}
