import CGStreamer
import Foundation
import HelperWire
@testable import Video
import XCTest

final class PlaybackWireTests: XCTestCase {
    func testRequestsAndAnswersReadBackAsWritten() {
        for request in [PlaybackWire.Request.clip(length: 1234), .seek(generation: 3, to: .milliseconds(1500)), .moreSound(2),
                        .released(ring: 2, slot: 5), .probe(.spawn)] {
            XCTAssertEqual(PlaybackWire.Request(line: String(request.line.dropLast()), maximumLength: 40 << 20), request)
        }
        var frame = PlaybackWire.Sample(stream: .video, length: 640 * 360 * 4)
        frame.duration = .milliseconds(40)
        frame.width = 640
        frame.height = 360
        frame.time = .milliseconds(40)
        frame.ring = 2
        frame.slot = 5
        let answers: [PlaybackWire.Answer] = [
            .ready(duration: .seconds(2), video: true, audio: false), .ready(duration: nil, video: false, audio: true),
            .frames(ring: 2, slotSize: 921_600, count: 6),
            .sample(frame), .ended(.audio), .seeked(generation: 9), .failed(reason: "No decoder for this stream."),
            .probed(refused: true, detail: "Operation not permitted"),
        ]
        for answer in answers {
            XCTAssertEqual(PlaybackWire.Answer(line: String(answer.line.dropLast())), answer, answer.line)
        }
    }

    /// The header the app's pipeline is given says what the wire said.
    func testTheAppsPipelineTakesTheWiresHeader() {
        var frame = PlaybackWire.Sample(stream: .video, length: 640 * 360 * 4)
        (frame.width, frame.height, frame.aspect, frame.time) = (640, 360, (4, 3), .milliseconds(80))
        let raw = frame.raw
        XCTAssertEqual(raw.stream, TESSERA_GST_STREAM_VIDEO)
        XCTAssertEqual([raw.width, raw.height, raw.aspect_numerator, raw.aspect_denominator], [640, 360, 4, 3])
        XCTAssertEqual(raw.time, 80_000_000)
        XCTAssertEqual(raw.duration, -1, "no duration told")
    }

    /// A broken helper must not make the app allocate without bound, nor read a frame whose
    /// length is not its size's.
    func testSizesNoClipHasAreRefused() {
        XCTAssertNil(PlaybackWire.Request(line: "clip \(41 << 20)", maximumLength: 40 << 20))
        XCTAssertNil(PlaybackWire.Answer(line: "video 0 40 9000 10 1 1 360000 1 0"), "wider than 8K")
        XCTAssertNil(PlaybackWire.Answer(line: "video 0 40 640 360 1 1 100 1 0"), "a length that is not the frame's")
        XCTAssertNil(PlaybackWire.Answer(line: "video 0 40 640 360 1 1 921600 1 16"), "a slot past the most a ring has")
        XCTAssertNil(PlaybackWire.Answer(line: "frames 1 921600 17"), "more slots than a ring has")
        XCTAssertNil(PlaybackWire.Answer(line: "frames 1 \(8192 * 8192 * 4 + 1) 6"), "slots larger than an 8K frame")
        XCTAssertNil(PlaybackWire.Answer(line: "audio 0 20 \(2 << 20)"), "more than a second of sound at once")
        XCTAssertNil(PlaybackWire.Answer(line: "audio 0 20 7"), "not whole stereo frames")
        XCTAssertNotNil(PlaybackWire.Answer(line: "audio -1 -1 3840"))
    }
}

/// Samples as the helper's decoder hands them over.
