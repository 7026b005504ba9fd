@testable import FixtureServer
import HelperWire
@testable import ImagePipeline
@testable import PictureDecoding
import CGdkPixbuf
import Foundation
import TestSupport
import XCTest

/// Every format the web sends, chosen by the content, turned upright by its EXIF orientation, and
/// refused before decoding when its header claims more pixels than the limits allow. The
/// pictures are made by Tests/Pictures/make-pictures.sh: 60 x 40, four coloured quarters.
final class PictureFormatsTests: XCTestCase {
    static let folder = TestServer.picturesDirectory
    let decoder = PixbufImageDecoder(memory: DecodingMemory(budget: 64 << 20))

    private func picture(_ name: String) throws -> Data {
        try Data(contentsOf: Self.folder.appendingPathComponent(name))
    }

    struct Colour: Equatable, CustomStringConvertible {
        var red, green, blue: Int
        var description: String { "(\(red), \(green), \(blue))" }
        static let red = Colour(red: 220, green: 30, blue: 30)
        static let green = Colour(red: 30, green: 200, blue: 60)
        static let blue = Colour(red: 30, green: 60, blue: 220)
        static let white = Colour(red: 255, green: 255, blue: 255)
    }

    /// The colours at the middle of the top-left, top-right, bottom-left and bottom-right quarters.
    private func quarters(of image: DecodedImage) -> [Colour] {
        let pixbuf = image.pixbuf
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let pixels = gdk_pixbuf_read_pixels(pixbuf)!
        return [(1, 1), (3, 1), (1, 3), (3, 3)].map { column, row in
            let at = (image.height * row / 4) * stride + (image.width * column / 4) * channels
            return Colour(red: Int(pixels[at]), green: Int(pixels[at + 1]), blue: Int(pixels[at + 2]))
        }
    }

    private func assertQuarters(_ image: DecodedImage, _ expected: [Colour], _ what: String,
                                file: StaticString = #filePath, line: UInt = #line) {
        let found = quarters(of: image)
        // Lossy formats move colours a little; a wrong corner is off by well over 100.
        let close = zip(found, expected).allSatisfy { abs($0.red - $1.red) + abs($0.green - $1.green) + abs($0.blue - $1.blue) <= 60 }
        XCTAssertTrue(close, "\(what): quarters \(found), expected \(expected)", file: file, line: line)
    }

    func testEveryFormatIsReadByItsContent() throws {
        for name in ["quarters.png", "quarters.jpg", "quarters.webp", "quarters-lossless.webp", "quarters.avif",
                     "quarters.heic", "quarters.tiff", "quarters.bmp", "quarters.ico", "quarters-png.ico"] {
            let image = try decoder.decode(try picture(name), maximumPixelSize: 256)
            XCTAssertEqual([image.width, image.height], [60, 40], "\(name) at its own size (never enlarged)")
            assertQuarters(image, [.red, .green, .blue, .white], name)
        }
    }

    func testADrawingIsRenderedAtTheSizeAskedWhetherLargerOrSmaller() throws {
        let svg = try picture("quarters.svg")
        let large = try decoder.decode(svg, maximumPixelSize: 240)
        XCTAssertEqual([large.width, large.height], [240, 160])
        assertQuarters(large, [.red, .green, .blue, .white], "an SVG rendered larger")
        let filled = try decoder.decode(svg, maximumPixelSize: 20, filling: true)
        XCTAssertEqual([filled.width, filled.height], [30, 20], "filling: the shorter side meets the box")
    }

    func testBitmapsAreDecodedToTheBoxTheyAreShownIn() throws {
        for name in ["quarters.webp", "quarters.avif", "quarters.heic", "quarters.png"] {
            let image = try decoder.decode(try picture(name), maximumPixelSize: 30)
            XCTAssertEqual([image.width, image.height], [30, 20], name)
        }
    }

    func testEveryExifOrientationIsTurnedUpright() throws {
        let (r, g, b, w) = (Colour.red, Colour.green, Colour.blue, Colour.white)
        // Where the stored top-left, top-right, bottom-left and bottom-right quarters show, for
        // each tag value (EXIF 2.32, Orientation): 5 to 8 also swap the sides.
        let upright: [Int: [Colour]] = [
            1: [r, g, b, w], 2: [g, r, w, b], 3: [w, b, g, r], 4: [b, w, r, g],
            5: [r, b, g, w], 6: [b, r, w, g], 7: [w, g, b, r], 8: [g, w, r, b],
        ]
        for orientation in 1...8 {
            let image = try decoder.decode(try picture("orientation-\(orientation).jpg"), maximumPixelSize: 256)
            let turned = orientation >= 5
            XCTAssertEqual([image.width, image.height], turned ? [40, 60] : [60, 40], "orientation \(orientation)")
            assertQuarters(image, upright[orientation]!, "orientation \(orientation)")
        }
    }

    func testEmbeddedColourProfilesAreConvertedToSRGB() throws {
        for name in ["prophoto.jpg", "prophoto.webp", "prophoto.avif", "prophoto.heic", "swapped.jpg"] {
            let data = try picture(name)
            // The numbers in the file, read as sRGB, are far from the colours meant.
            let rawQuarters = quarters(of: DecodedImage(adopting: try XCTUnwrap(Self.undecorated(data), name)))
            let off = zip(rawQuarters, [Colour.red, .green, .blue, .white]).map { abs($0.red - $1.red) + abs($0.green - $1.green) + abs($0.blue - $1.blue) }
            XCTAssertGreaterThan(off.max() ?? 0, 60, "\(name) without its profile shows \(rawQuarters)")
            assertQuarters(try decoder.decode(data, maximumPixelSize: 256), [.red, .green, .blue, .white], "\(name) converted")
        }
    }

    /// The pixels as gdk-pixbuf gives them, with no profile applied (a reference the caller owns).
    private static func undecorated(_ data: Data) -> OpaquePointer? {
        let loader = gdk_pixbuf_loader_new()
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        _ = data.withUnsafeBytes { gdk_pixbuf_loader_write(loader, $0.baseAddress!.assumingMemoryBound(to: guchar.self), gsize($0.count), nil) }
        gdk_pixbuf_loader_close(loader, nil)
        guard let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else { return nil }
        g_object_ref(UnsafeMutableRawPointer(pixbuf))
        return pixbuf
    }

    func testAnimationsAreDecodedWholeWhenAskedAndAsTheirFirstFrameOtherwise() throws {
        for name in ["animated.gif", "animated.webp"] {
            let data = try picture(name)
            XCTAssertEqual(ImageHeader(data)?.frameCount, 3, name)
            let still = try decoder.decode(data, maximumPixelSize: 256)
            XCTAssertTrue(still.frames.isEmpty, "\(name) asked as a still")
            assertQuarters(still, [.red, .green, .blue, .white], "\(name)'s still")
        }
        for name in ["animated.gif", "animated.webp"] {
            let data = try picture(name)

            let animation = try decoder.decode(data, maximumPixelSize: 30, animates: true)
            XCTAssertEqual(animation.frames.count, 3, name)
            XCTAssertEqual(animation.frames.map(\.delay), [.milliseconds(100), .milliseconds(100), .milliseconds(100)], name)
            XCTAssertEqual([animation.width, animation.height], [30, 20], "\(name): frames at the size asked")
            XCTAssertEqual(animation.cost, 3 * Int(gdk_pixbuf_get_rowstride(animation.pixbuf)) * 20, "every frame counts in the memory cache")
            let firsts = animation.frames.map { quarters(of: DecodedImage(adopting: g_object_ref(UnsafeMutableRawPointer($0.pixbuf)).map(OpaquePointer.init)!)).first! }
            for (found, wanted) in zip(firsts, [Colour.red, .red, .blue]) {
                XCTAssertLessThanOrEqual(abs(found.red - wanted.red) + abs(found.green - wanted.green) + abs(found.blue - wanted.blue), 60,
                                         "\(name): frames in order, found \(firsts)")
            }
        }
    }

    func testTheFrameIsFoundBehindLargeMetadata() throws {
        let data = try picture("metadata.jpg")
        XCTAssertGreaterThan(data.count, 200_000)
        let header = try XCTUnwrap(ImageHeader(data), "the frame header 200 KB in")
        XCTAssertEqual([header.width, header.height], [60, 40])
        assertQuarters(try decoder.decode(data, maximumPixelSize: 256), [.red, .green, .blue, .white], "metadata.jpg")
    }

    func testHeadersThatClaimTooManyPixelsAreRefusedBeforeDecoding() throws {
        for name in ["webp-bomb.webp", "avif-bomb.avif", "heic-bomb.heic", "tiff-bomb.tiff", "bmp-bomb.bmp"] {
            let data = try picture(name)
            let header = try XCTUnwrap(ImageHeader(data), name)
            XCTAssertEqual([header.width, header.height], [50_000, 50_000], name)
            XCTAssertThrowsError(try decoder.decode(data, maximumPixelSize: 256), name) { error in
                XCTAssertEqual(error as? PictureRefusal, .tooLarge(width: 50_000, height: 50_000), name)
            }
        }
    }

    func testADrawingOfAHundredThousandNestedGroupsIsRefused() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"60\" height=\"40\">"
            + String(repeating: "<g>", count: 100_000) + "<rect width=\"60\" height=\"40\"/>"
            + String(repeating: "</g>", count: 100_000) + "</svg>"
        XCTAssertThrowsError(try decoder.decode(Data(svg.utf8), maximumPixelSize: 256)) { error in
            guard case .undecodable? = error as? PictureRefusal else { return XCTFail("\(error)") }
        }
    }

    func testWhatIsNoPictureIsRefusedInWords() throws {
        for bytes in [Data("hello".utf8), Data("<html><body>not found</body></html>".utf8), Data([0x00, 0x00, 0x01, 0x00])] {
            XCTAssertThrowsError(try decoder.decode(bytes, maximumPixelSize: 256)) { error in
                XCTAssertEqual(error as? PictureRefusal, .notAnImage)
            }
        }
        XCTAssertEqual(ImageError.notAnImage.description, "This is not a picture Tessera can show.")
    }

    /// The built-in server's phone photos (the images benchmark's corpus): a Display P3 profile
    /// the decoder converts, an orientation it applies.
    func testTheServersPhonePhotosCarryAProfileAndAnOrientationTheDecoderApplies() throws {
        func mean(_ image: DecodedImage) -> [Double] {
            let pixbuf = image.pixbuf
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
            let pixels = gdk_pixbuf_read_pixels(pixbuf)!
            var sums = [0.0, 0.0, 0.0]
            for y in 0..<image.height {
                for x in 0..<image.width {
                    for c in 0..<3 { sums[c] += Double(pixels[y * stride + x * channels + c]) }
                }
            }
            return sums.map { $0 / Double(image.width * image.height) }
        }
        func decode(_ tags: SyntheticImage.Tags) throws -> DecodedImage {
            let bytes = try XCTUnwrap(SyntheticImage.encode(seed: 7, width: 320, height: 200, format: "jpeg", tags: tags))
            return try decoder.decode(bytes, maximumPixelSize: 512)
        }
        let plain = try decode(.none)
        let turned = try decode(SyntheticImage.Tags(orientation: 6))
        let phone = try decode(SyntheticImage.Tags(displayP3: true, orientation: 6))
        XCTAssertEqual([plain.width, plain.height], [320, 200])
        XCTAssertEqual([turned.width, turned.height], [200, 320], "a quarter turn")
        XCTAssertEqual([phone.width, phone.height], [200, 320])
        let (plainMean, turnedMean, phoneMean) = (mean(plain), mean(turned), mean(phone))
        XCTAssertTrue(zip(plainMean, turnedMean).allSatisfy { abs($0 - $1) < 1 }, "turned, not changed: \(plainMean) \(turnedMean)")
        XCTAssertTrue(zip(plainMean, phoneMean).contains { abs($0 - $1) > 3 }, "converted from Display P3: \(plainMean) \(phoneMean)")
        let webp = try decoder.decode(try XCTUnwrap(SyntheticImage.encode(seed: 7, width: 320, height: 200, format: "webp",
                                                                          tags: SyntheticImage.Tags(displayP3: true))),
                                      maximumPixelSize: 512)
        XCTAssertTrue(zip(plainMean, mean(webp)).contains { abs($0 - $1) > 3 }, "a WebP's profile too: \(mean(webp))")
    }
}
