import FixtureServer
import Foundation
import HelperWire
@testable import ImagePipeline
@testable import PictureDecoding
import Logging
import Networking
import Scheduling
import TestSupport
import XCTest


/// What the pipeline's tests share: a fixture server, a cache folder, a pipeline over both.
class PipelineTestCase: XCTestCase {
    var server: FixtureServer!
    var base: URL!
    var cacheFolder: URL!

    override func setUp() async throws {
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data")
        server = FixtureServer(configuration: .init(dataDirectory: data), logger: logger)
        base = URL(string: "http://127.0.0.1:\(try await server.start())/")!
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-cache-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        await server.stop()
        try? FileManager.default.removeItem(at: cacheFolder)
    }

    func url(_ path: String) -> URL { URL(string: path, relativeTo: base)!.absoluteURL }
    var stats: TransferStats.Client? { server.stats.snapshot()["127.0.0.1"] }

    func pipeline(memory: Int = 64 << 20, disk: Int = 64 << 20, retries: [Duration] = [.milliseconds(50)]) -> ImagePipeline {
        ImagePipeline(client: CurlHTTPClient(), configuration: .init(
            memoryCapacity: memory, diskFolder: cacheFolder, diskCapacity: disk, retryDelays: retries),
            decoders: [InProcessImageDecoder()])
    }
}
