import Foundation
import HelperWire
import ImagePipeline
import Video
import XCTest

/// The lines the app and `tessera-poster` exchange.
final class PosterWireTests: XCTestCase {
    func testARequestReadsBackAsWritten() throws {
        let request = PosterWire.Request(id: 7, target: DecodingTarget(side: 384, filling: true), timeout: .seconds(15), length: 183_004)
        XCTAssertEqual(request.line, "7 384 fill 15000 183004\n")
        XCTAssertEqual(PosterWire.Request(line: String(request.line.dropLast()), maximumLength: 40 << 20), request)
        XCTAssertNil(PosterWire.Request(line: "7 384 stretch 15000 183004", maximumLength: 40 << 20))
        XCTAssertNil(PosterWire.Request(line: "7 -1 fit 15000 183004", maximumLength: 40 << 20))
        XCTAssertNil(PosterWire.Request(line: "7 384 fit 183004", maximumLength: 40 << 20))
        XCTAssertNil(PosterWire.Request(line: "7 384 fit 15000 0", maximumLength: 40 << 20), "no clip")
        XCTAssertNil(PosterWire.Request(line: "7 384 fit 15000 183004", maximumLength: 100_000), "more than the helper takes")
    }

    func testAnAnswerReadsBackAndSizesNoPosterHasAreRefused() throws {
        let header = PosterWire.FrameHeader(width: 455, height: 256, rowstride: 1368, channels: 3, duration: .milliseconds(2000))
        XCTAssertEqual(header.line(for: 7), "7 frame 455 256 1368 3 2000000000\n")
        XCTAssertEqual(PosterWire.Answer(line: String(header.line(for: 7).dropLast())), .frame(id: 7, header))
        XCTAssertEqual(header.payloadLength, 1368 * 255 + 455 * 3, "the last row stops at its pixels")
        guard case .frame(_, let endless)? = PosterWire.Answer(line: "7 frame 455 256 1368 3 -1") else { return XCTFail("a frame") }
        XCTAssertNil(endless.duration)
        XCTAssertNil(PosterWire.Answer(line: "7 frame 100000 100000 300000 3 -1"), "over the decoder's largest side")
        XCTAssertNil(PosterWire.Answer(line: "7 frame 455 256 100 3 -1"), "rows shorter than their pixels")
        XCTAssertNil(PosterWire.Answer(line: "7 frame 455 256 1368 2 -1"), "neither RGB nor RGBA")
        XCTAssertNil(PosterWire.Answer(line: "frame 455 256 1368 3 -1"), "no request number")
        XCTAssertEqual(PosterWire.Answer(line: "8 failed the stream could not be decoded"),
                       .failed(id: 8, reason: "the stream could not be decoded"))
        XCTAssertEqual(PosterWire.failureLine("two\nlines", for: 9), "9 failed two lines\n")
    }
}
