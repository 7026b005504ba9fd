import CGdkPixbuf
import Foundation
import HelperWire
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

    /// Confined as the picture decoder is: no new privileges, the system-call filter, and (where
    /// user namespaces are allowed) no network and an empty file system. Asked to, it can open no
    /// file, make no socket and start no program; and it still reads clips afterwards.
    func testTheHelperCanOpenNoFileConnectNowhereAndStartNoProgram() async throws {
        let image = try await pipeline().image(for: poster("images/meadow-pan-640x360.mp4", side: 320))
        XCTAssertEqual(image.width, 384, "posters come from the confined helper")
        let helper = try XCTUnwrap(Self.posterHelpers().first)
        let status = try String(contentsOfFile: "/proc/\(helper)/status", encoding: .utf8)
        XCTAssertTrue(status.contains("NoNewPrivs:\t1"), status)
        XCTAssertTrue(status.contains("Seccomp:\t2"), status)
        for probe in [PosterWire.Probe.open, .connect, .spawn] {
            let found = try XCTUnwrap(PosterReaders.shared.withReader { .success($0.attempt(probe)) }.get(), "\(probe) answered")
            XCTAssertTrue(found.refused, "\(probe) refused, not \(found.detail)")
            print("\(probe): refused (\(found.detail))")
        }
        let after = try await pipeline().image(for: poster("images/flower-pan-480x480.mp4", side: 256))
        XCTAssertEqual(after.width, 256, "still reading clips")
    }

    /// WebM clips (VP8, VP9) as well as MP4: their plugins are loaded before the helper is
    /// confined, so it reads them with no file to open. The quarters' corners where they belong.
    func testWebMClipsAreReadByTheConfinedHelperToo() throws {
        for name in ["quarters-vp8.webm", "quarters-vp9.webm"] {
            let clip = try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent(name))
            let image = try PosterReaders.shared.withReader { $0.frame(of: clip, target: DecodingTarget(side: 256), timeout: .seconds(15)) }.get()
            XCTAssertEqual([image.width, image.height], [60, 40], name)
            let pixbuf = image.pixbuf
            let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
            let pixels = gdk_pixbuf_read_pixels(pixbuf)!
            func colour(_ x: Int, _ y: Int) -> [Int] { (0..<3).map { Int(pixels[y * stride + x * channels + $0]) } }
            let (topLeft, bottomRight) = (colour(15, 10), colour(45, 30))
            XCTAssertTrue(topLeft[0] > 150 && topLeft[1] < 100 && topLeft[2] < 100, "\(name): red at the top left, not \(topLeft)")
            XCTAssertTrue(bottomRight.allSatisfy { $0 > 200 }, "\(name): white at the bottom right, not \(bottomRight)")
        }
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
        XCTAssertEqual(pipeline.statistics.fetches, 1, "the clip fetched once by the pipeline, whose bytes the helper reads")
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
        // A reader held busy (as on a clip a decoder goes round in circles on) by a test's request.
        let stuck = Task.detached { try PosterReaders.shared.withReader { reader -> Result<DecodedImage, ImageError> in
            _ = reader.attempt(.stall, within: .seconds(60))
            return .failure(.noFrame(reader.endReason ?? "answered"))
        }.get() }
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
        let clip = try Data(contentsOf: TestServer.dataDirectory.appendingPathComponent("media/meadow-pan-640x360.mp4"))
        let read = { @Sendable in
            readers.withReader { $0.frame(of: clip, target: DecodingTarget(side: 320), timeout: .seconds(15)) }
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
