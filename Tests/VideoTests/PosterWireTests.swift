import Foundation
import ImagePipeline
import Video
import XCTest

/// The lines the app and `tessera-poster` exchange.
final class PosterWireTests: XCTestCase {
    func testARequestReadsBackAsWritten() throws {
        let request = PosterWire.Request(url: URL(string: "http://127.0.0.1:8080/images/a%20b.mp4?n=3")!,
                                         target: DecodingTarget(side: 384, filling: true), timeout: .seconds(15))
        XCTAssertEqual(request.line, "384 fill 15000 http://127.0.0.1:8080/images/a%20b.mp4?n=3\n")
        XCTAssertEqual(PosterWire.Request(line: String(request.line.dropLast())), request)
        XCTAssertNil(PosterWire.Request(line: "384 stretch 15000 http://127.0.0.1/a.mp4"))
        XCTAssertNil(PosterWire.Request(line: "-1 fit 15000 http://127.0.0.1/a.mp4"))
        XCTAssertNil(PosterWire.Request(line: "384 fit http://127.0.0.1/a.mp4"))
    }

    func testAFrameHeaderReadsBackAndSizesNoPosterHasAreRefused() throws {
        let header = PosterWire.FrameHeader(width: 455, height: 256, rowstride: 1368, channels: 3, duration: .milliseconds(2000))
        XCTAssertEqual(header.line, "frame 455 256 1368 3 2000000000\n")
        XCTAssertEqual(PosterWire.FrameHeader(line: String(header.line.dropLast())), header)
        XCTAssertEqual(header.payloadLength, 1368 * 255 + 455 * 3, "the last row stops at its pixels")
        XCTAssertNil(PosterWire.FrameHeader(line: "frame 455 256 1368 3 -1")?.duration)
        XCTAssertNil(PosterWire.FrameHeader(line: "frame 100000 100000 300000 3 -1"), "over the decoder's largest side")
        XCTAssertNil(PosterWire.FrameHeader(line: "frame 455 256 100 3 -1"), "rows shorter than their pixels")
        XCTAssertNil(PosterWire.FrameHeader(line: "frame 455 256 1368 2 -1"), "neither RGB nor RGBA")
        XCTAssertEqual(PosterWire.failureReason(in: "failed the stream could not be decoded"), "the stream could not be decoded")
        XCTAssertEqual(PosterWire.failureLine("two\nlines"), "failed two lines\n")
    }
}
