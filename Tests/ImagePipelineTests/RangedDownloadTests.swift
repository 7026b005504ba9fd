import FixtureServer
import Foundation
@testable import ImagePipeline
import Logging
import Networking
import Scheduling
import XCTest

/// A file fetched in ranges from our server: the pieces put together are the file, a piece
/// wanted ahead is fetched next, a file over the limit is refused, and a missing one fails in words.
final class RangedDownloadTests: XCTestCase {
    private var server: FixtureServer!
    private var base: URL!
    private let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("data")

    override func setUp() async throws {
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        server = FixtureServer(configuration: .init(dataDirectory: data), logger: logger)
        base = URL(string: "http://127.0.0.1:\(try await server.start())/")!
    }

    override func tearDown() async throws {
        await server.stop()
    }

    private var ranges: [String] { server.stats.snapshot()["127.0.0.1"]?.ranges ?? [] }

    /// Runs `download`, putting its pieces together, in the order they came.
    private func assemble(_ download: RangedDownload, wantingAfterFirst offset: Int? = nil) async throws -> (Data, [Int]) {
        let parts = Mutex<(bytes: Data, order: [Int])>((Data(), []))
        try await download.run { part in
            parts.withLock { parts in
                switch part {
                case .length(let length): parts.bytes = Data(count: length)
                case .bytes(let at, let bytes):
                    parts.bytes.replaceSubrange(at..<(at + bytes.count), with: bytes)
                    parts.order.append(at)
                    if parts.order.count == 1, let offset { download.want(offset: offset) }
                case .whole(let bytes): parts.bytes = bytes
                }
            }
        }
        return parts.withLock { ($0.bytes, $0.order) }
    }

    func testThePiecesPutTogetherAreTheFile() async throws {
        let file = try Data(contentsOf: data.appendingPathComponent("media/meadow-pan-640x360.mp4"))
        let download = RangedDownload(client: CurlHTTPClient(), url: base.appendingPathComponent("images/meadow-pan-640x360.mp4"),
                                      maximumLength: 1 << 20, pieceSize: 4096)
        let (bytes, order) = try await assemble(download)
        XCTAssertEqual(bytes, file)
        // One piece, then runs of 2 and 4 as the reading goes straight on (the last run is cut
        // by the end of the file).
        XCTAssertEqual(order, [0, 4096, 12288, 28672])
        XCTAssertEqual(ranges, ["bytes=0-4095", "bytes=4096-12287", "bytes=12288-28671", "bytes=28672-30289"].map { "/images/meadow-pan-640x360.mp4 " + $0 })
        XCTAssertEqual(ranges.last, "/images/meadow-pan-640x360.mp4 bytes=28672-30289")
        XCTAssertTrue(download.isFinished)
    }

    func testAPieceWantedAheadComesNextAndThoseSkippedAfterTheRest() async throws {
        let file = try Data(contentsOf: data.appendingPathComponent("media/meadow-pan-640x360.mp4"))
        let download = RangedDownload(client: CurlHTTPClient(), url: base.appendingPathComponent("images/meadow-pan-640x360.mp4"),
                                      maximumLength: 1 << 20, pieceSize: 4096)
        let (bytes, order) = try await assemble(download, wantingAfterFirst: 25_000)
        XCTAssertEqual(bytes, file)
        // The piece wanted, one alone after the jump, the rest of the file on from it, then those
        // skipped from the start, one piece and runs again (up to the piece already here).
        XCTAssertEqual(order, [0, 24576, 28672, 4096, 8192, 16384])
    }

    func testAFileOverTheLimitAndAMissingOneFailInWords() async throws {
        let client = CurlHTTPClient()
        let large = RangedDownload(client: client, url: base.appendingPathComponent("images/meadow-pan-640x360.mp4"),
                                   maximumLength: 10_000, pieceSize: 4096)
        do {
            _ = try await assemble(large)
            XCTFail("30 KB is over 10 KB")
        } catch {
            XCTAssertEqual(error as? ImageError, .network(.bodyTooLarge(limit: 10_000)))
        }
        let missing = RangedDownload(client: client, url: base.appendingPathComponent("images/none.mp4"), maximumLength: 1 << 20)
        do {
            _ = try await assemble(missing)
            XCTFail("there is no such file")
        } catch {
            XCTAssertEqual((error as? ImageError)?.description, "The server answered with an error (HTTP 404).")
        }
    }
}
