import Foundation
import ImagePipeline
import Networking
import TestSupport
@testable import Video
import XCTest

/// Poster frames taken by GStreamer, in a real `tessera-poster` helper, from MP4 clips served over
/// HTTP by a real tessera-server, through the image pipeline as the feed asks for them.
final class VideoPosterTests: XCTestCase {
    private var server: TestServer!

    override func setUp() async throws {
        server = try await TestServer.start()
    }

    override func tearDown() async throws {
        await server?.stop()
    }

    private func pipeline(timeout: Duration = .seconds(15)) -> ImagePipeline {
        ImagePipeline(client: CurlHTTPClient(), decoders: [VideoFrameDecoder(timeout: timeout)])
    }

    private func poster(_ path: String, side: Int, sizing: ImageRequest.Sizing = .fit) -> ImageRequest {
        ImageRequest(url: server.url(path), maximumPixelSize: side, sizing: sizing, content: .videoFrame)
    }

    func testThePosterIsTheFirstFrameScaledToFitWithTheDuration() async throws {
        let pipeline = pipeline()
        let image = try await pipeline.image(for: poster("images/meadow-pan-640x360.mp4", side: 320))
        XCTAssertEqual(image.width, 384, "320 rounds up to the 384 bucket")
        XCTAssertEqual(image.height, 216)
        let duration = try XCTUnwrap(image.duration)
        XCTAssertEqual(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18, 2, accuracy: 0.1)
        XCTAssertEqual(duration.clockText, "0:02")
        let portrait = try await pipeline.image(for: poster("images/raindrops-pan-360x640.mp4", side: 1000))
        XCTAssertEqual(portrait.width, 360, "never scaled up")
        XCTAssertEqual(portrait.height, 640)
        let tile = try await pipeline.image(for: poster("images/meadow-pan-640x360.mp4", side: 256, sizing: .fill))
        XCTAssertEqual(tile.height, 256, "a square tile's poster covers it")
        XCTAssertEqual(tile.width, 455)
    }

    func testTheHelperCanStartNoProgramAndGainNoPrivileges() async throws {
        let image = try await pipeline().image(for: poster("images/meadow-pan-640x360.mp4", side: 320))
        XCTAssertEqual(image.width, 384, "posters come from the confined helper")
        let helper = try XCTUnwrap(Self.posterHelpers().first)
        let status = try String(contentsOfFile: "/proc/\(helper)/status", encoding: .utf8)
        XCTAssertTrue(status.contains("NoNewPrivs:\t1"), status)
        XCTAssertTrue(status.contains("Seccomp:\t2"), status)
    }

    func testPostersShareTheMemoryCacheAndOneReadForManyAskers() async throws {
        let pipeline = pipeline()
        let request = poster("images/flower-pan-480x480.mp4", side: 256, sizing: .fill)
        XCTAssertNil(pipeline.cachedImage(for: request))
        let sides = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try await pipeline.image(for: request).width } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(sides, Array(repeating: 256, count: 8))
        XCTAssertEqual(pipeline.statistics.decodes, 1, "eight tiles, one read of the clip")
        XCTAssertEqual(pipeline.statistics.fetches, 0, "the clip is streamed by GStreamer, not downloaded first")
        let hit = try XCTUnwrap(pipeline.cachedImage(for: request), "a poster is a memory-cache hit afterwards")
        XCTAssertNotNil(hit.duration)
        XCTAssertGreaterThan(pipeline.memoryCache.totalCost, 0)
    }

    func testSomethingThatIsNotAVideoFailsWithoutHanging() async throws {
        do {
            _ = try await pipeline(timeout: .seconds(5)).image(for: poster("bad/not-an-image.png", side: 320))
            XCTFail("expected a failure")
        } catch {
            guard case .noFrame = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.hasPrefix("The video's first frame could not be read"), error.description)
        }
        XCTAssertEqual(Duration.seconds(3725).clockText, "1:02:05")
    }

    func testAHelperThatDiesOnAClipCostsThePostersItWasReadingOnlyAndTheNextPosterStillComes() async throws {
        let pipeline = pipeline()
        // A clip that never finishes arriving keeps the helper busy on it.
        let clip = poster("bad/slow-drip", side: 320)
        let stuck = Task { [pipeline] in try await pipeline.image(for: clip) }
        let helpers = try await eventualValue("a poster helper") { Self.posterHelpers().nilIfEmpty }
        XCTAssertEqual(helpers.count, 1, "posters are read by one tessera-poster helper, not in this process")
        let other = try await pipeline.image(for: poster("images/raindrops-pan-360x640.mp4", side: 320))
        XCTAssertEqual(other.height, 384, "the helper reads another clip beside the stuck one")
        // A decoder crashing on a hostile clip, or the system ending the helper for its memory.
        kill(helpers[0], SIGKILL)
        do {
            _ = try await stuck.value
            XCTFail("expected a failure")
        } catch let error as ImageError {
            guard case .noFrame = error else { return XCTFail("\(error)") }
            XCTAssertEqual(error.description, "The video's first frame could not be read (the video reader stopped on this clip (signal 9)).")
        }
        let next = try await pipeline.image(for: poster("images/meadow-pan-640x360.mp4", side: 320))
        XCTAssertEqual(next.width, 384, "a new helper reads the next clip")
        XCTAssertFalse(Self.posterHelpers().contains(helpers[0]))
    }

    func testAnIdleHelperEndsAndTheNextPosterStartsAnother() async throws {
        let readers = PosterReaders(idleTime: .milliseconds(300))
        let url = server.url("images/meadow-pan-640x360.mp4")
        let read = { @Sendable in
            readers.withReader { $0.frame(of: url, target: DecodingTarget(side: 320), timeout: .seconds(15)) }
        }
        XCTAssertEqual(try read().get().width, 320)
        let first = try XCTUnwrap(readers.processIdentifiers.first)
        await eventually("the idle helper to end", timeout: .seconds(10), interval: .milliseconds(20)) {
            !Self.posterHelpers().contains(first)
        }
        XCTAssertEqual(readers.processIdentifiers, [], "the idle helper was let go")
        XCTAssertEqual(try read().get().width, 320)
        let second = try XCTUnwrap(readers.processIdentifiers.first)
        XCTAssertNotEqual(second, first)
    }

    /// This process's running `tessera-poster` children.
    private static func posterHelpers() -> [Int32] {
        ChildProcess.children(of: getpid(), named: "tessera-poster").filter(ChildProcess.isAlive)
    }

}

private extension Array {
    var nilIfEmpty: Self? { isEmpty ? nil : self }
}
