import Domain
import Foundation
import XCTest

/// A picture's format from its first bytes, and the name a saved copy gets.
final class PictureFormatTests: XCTestCase {
    func testFormatsAreToldByTheirSignatures() {
        let samples: [(PictureFormat, [UInt8])] = [
            (.jpeg, [0xFF, 0xD8, 0xFF, 0xE0]), (.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A]),
            (.gif, Array("GIF89a".utf8)), (.webp, Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)),
            (.avif, [0, 0, 0, 0x1C] + Array("ftypavif".utf8)), (.heif, [0, 0, 0, 0x18] + Array("ftypheic".utf8)),
            (.mp4, [0, 0, 0, 0x18] + Array("ftypisom".utf8)), (.tiff, [0x49, 0x49, 0x2A, 0x00]), (.bmp, Array("BM6".utf8)),
            (.ico, [0, 0, 1, 0, 1, 0]), (.webm, [0x1A, 0x45, 0xDF, 0xA3]), (.svg, Array("<?xml version=\"1.0\"?><svg ".utf8)),
        ]
        for (format, bytes) in samples {
            XCTAssertEqual(PictureFormat(sniffing: Data(bytes)), format, "\(format)")
        }
        XCTAssertNil(PictureFormat(sniffing: Data("<html>not found</html>".utf8)))
        XCTAssertNil(PictureFormat(sniffing: Data()))
    }

    func testASavedCopyIsNamedFromTheAddressWithItsRealExtension() throws {
        let url = try XCTUnwrap(URL(string: "https://example.org/user_details/uploads/64655761.jpg?size=large"))
        XCTAssertEqual(PictureFormat.webp.fileName(for: url), "64655761.webp", "a .jpg that is a WebP is saved as one")
        XCTAssertEqual(PictureFormat.jpeg.fileName(for: url), "64655761.jpg")
        XCTAssertEqual(PictureFormat.png.fileName(for: try XCTUnwrap(URL(string: "https://example.org/"))), "picture.png")
        XCTAssertEqual(PictureFormat.gif.fileName(for: try XCTUnwrap(URL(string: "https://example.org/a%20cat"))), "a cat.gif")
    }
}
