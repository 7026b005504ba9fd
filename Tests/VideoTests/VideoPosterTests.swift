import Foundation
import TestSupport
import Video
import XCTest

/// Poster frames taken by GStreamer from MP4 clips served over HTTP by a real tessera-server.
final class VideoPosterTests: XCTestCase {
    private var server: TestServer!

    override func setUp() async throws {
        server = try await TestServer.start()
    }

    override func tearDown() async throws {
        await server?.stop()
    }

    func testThePosterIsTheFirstFrameScaledToFitWithTheDuration() async throws {
        let poster = try await VideoPosters.load(server.url("images/bars-640x360.mp4"), maximumPixelSize: 320)
        XCTAssertEqual(poster.image.width, 320)
        XCTAssertEqual(poster.image.height, 180)
        let duration = try XCTUnwrap(poster.duration)
        XCTAssertEqual(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18, 2, accuracy: 0.1)
        XCTAssertEqual(duration.clockText, "0:02")
        let portrait = try await VideoPosters.load(server.url("images/pattern-360x640.mp4"), maximumPixelSize: 1000)
        XCTAssertEqual(portrait.image.width, 360, "never scaled up")
        XCTAssertEqual(portrait.image.height, 640)
    }

    func testSomethingThatIsNotAVideoFailsWithoutHanging() async throws {
        do {
            _ = try await VideoPosters.load(server.url("bad/not-an-image.png"), maximumPixelSize: 320, timeout: .seconds(5))
            XCTFail("expected a failure")
        } catch {
            XCTAssertEqual(error, .noFrame)
        }
        XCTAssertEqual(Duration.seconds(3725).clockText, "1:02:05")
    }
}
