import Foundation
import Gtk
import HelperWire
import ImagePipeline
import Networking
import TestSupport
import Video
import XCTest

/// A video's poster costs the start of its clip, not the whole clip: through the image pipeline
/// as the feed asks for posters, from a real tessera-server, read by the real `tessera-poster`
/// helper, with clips laid out as long ones are (`ClipStreamingTests.laidOut`).
final class PosterFirstBytesTests: AppTestCase {
    /// A folder of its own for the disk cache, and the pipeline the app builds for posters.
    private func pipeline() -> ImagePipeline {
        ImagePipeline(client: CurlHTTPClient(),
                      configuration: .init(diskFolder: dataDirectory.appendingPathComponent("cache-\(UUID().uuidString)"), retryDelays: []),
                      decoders: [VideoFrameDecoder()])
    }

    /// The meadow clip laid out with 2 MiB after its pictures, its index first or last.
    private func longClip(indexAtTheEnd: Bool) throws -> Data {
        let original = try Data(contentsOf: TestServer.dataDirectory.appendingPathComponent("media/meadow-pan-640x360.mp4"))
        return try XCTUnwrap(ClipStreamingTests.laidOut(original, indexAtTheEnd: indexAtTheEnd, padding: 64 << 10, tail: 2 << 20))
    }

    /// Asks for the poster of `name` (served from `bytes`) and returns it, with the requests the
    /// server saw for the clip and the pipeline.
    @MainActor
    private func poster(of name: String, _ bytes: Data) throws -> (image: DecodedImage, ranges: [String], requests: Int, pipeline: ImagePipeline, request: ImageRequest) {
        let file = dataDirectory.appendingPathComponent(name)
        try bytes.write(to: file)
        let data = try serverData(media: [name: file])
        let server = try startServer { $0.dataDirectory = data }
        defer { stop(server) }
        let pipeline = pipeline()
        let request = ImageRequest(url: server.base.appendingPathComponent("images/\(name)"), maximumPixelSize: 256,
                                   sizing: .fill, content: .videoFrame)
        var result: Result<DecodedImage, ImageError>?
        Task { @MainActor in
            do throws(ImageError) { result = .success(try await pipeline.image(for: request)) } catch { result = .failure(error) }
        }
        waitForServer("the poster", timeout: .seconds(20)) { result != nil }
        let image = try XCTUnwrap(result).get()
        let stats = try XCTUnwrap(server.loopback)
        return (image, stats.ranges.filter { $0.hasPrefix("/images/\(name) ") }, stats.paths["/images/\(name)"] ?? 0, pipeline, request)
    }

    @MainActor
    private func stored(_ pipeline: ImagePipeline, _ request: ImageRequest) -> Data? {
        var stored: Data??
        Task { @MainActor in
            await pipeline.finishDiskWrites()
            stored = .some(await pipeline.storedData(for: request))
        }
        waitFor("the disk cache asked") { stored != nil }
        return stored ?? nil
    }

    /// A long clip with its index first: one request for its first MiB; the poster and the
    /// clip's length come from it, and the clip itself is not kept (it downloads when played).
    func testALongClipWithItsIndexFirstCostsItsFirstMebibyte() throws {
        try onMain {
            let bytes = try longClip(indexAtTheEnd: false)
            XCTAssertGreaterThan(bytes.count, 2 << 20)
            let (image, ranges, requests, pipeline, request) = try poster(of: "long.mp4", bytes)
            XCTAssertEqual([image.width, image.height], [455, 256], "the first frame covering the tile")
            XCTAssertEqual(image.duration?.clockText, "0:02", "the length, from the index")
            XCTAssertEqual(ranges, ["/images/long.mp4 bytes=0-1048575"], "the start, asked once")
            XCTAssertEqual(requests, 1, "and nothing else")
            XCTAssertEqual(pipeline.statistics.fetches, 1)
            XCTAssertNil(stored(pipeline, request), "the clip is not on this machine: it streams when played")
        }
    }

    /// A long clip with its index at the end (as a camera writes it): its start holds no frame,
    /// so the whole clip is fetched, as before, and kept.
    func testAClipWithItsIndexAtTheEndIsFetchedWholeWhenItsStartHoldsNoFrame() throws {
        try onMain {
            let bytes = try longClip(indexAtTheEnd: true)
            let (image, ranges, requests, pipeline, request) = try poster(of: "camera.mp4", bytes)
            XCTAssertEqual([image.width, image.height], [455, 256])
            XCTAssertEqual(ranges, ["/images/camera.mp4 bytes=0-1048575"], "the start first")
            XCTAssertEqual(requests, 2, "then the whole clip")
            XCTAssertEqual(stored(pipeline, request), bytes, "kept whole, to play from this machine")
        }
    }

    /// A clip shorter than the start asked for comes whole in that one answer, and is kept, to
    /// play offline as before.
    func testAShortClipComesWholeInOneAnswerAndIsKept() throws {
        try onMain {
            let bytes = try Data(contentsOf: TestServer.dataDirectory.appendingPathComponent("media/meadow-pan-640x360.mp4"))
            let (image, ranges, requests, pipeline, request) = try poster(of: "short.mp4", bytes)
            XCTAssertEqual([image.width, image.height], [455, 256])
            XCTAssertEqual(ranges, ["/images/short.mp4 bytes=0-1048575"])
            XCTAssertEqual(requests, 1)
            XCTAssertEqual(stored(pipeline, request), bytes, "the whole clip kept")
        }
    }
}
