import FixtureServer
import Logging
import Foundation
import Networking
import XCTest

/// Starts a real tessera-server on a free loopback port for each test.
class ServerTestCase: XCTestCase {
    var server: FixtureServer!
    var base: URL!

    static let dataDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data")

    func startServer(failRate: Double = 0, slowSeconds: Double = 2,
                     _ configure: (inout FixtureServer.Configuration) -> Void = { _ in }) async throws {
        await server?.stop()
        // Quiet: stopping the server between tests makes Hummingbird log the cancelled channels.
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        var configuration = FixtureServer.Configuration(dataDirectory: Self.dataDirectory, failRate: failRate,
                                                        seed: 42, slowResponseSeconds: slowSeconds)
        configure(&configuration)
        server = FixtureServer(configuration: configuration, logger: logger)
        let port = try await server.start()
        base = URL(string: "http://127.0.0.1:\(port)/")!
    }

    override func setUp() async throws {
        try await startServer()
    }

    override func tearDown() async throws {
        await server?.stop()
    }

    func url(_ path: String) -> URL { URL(string: path, relativeTo: base)!.absoluteURL }

    /// Every client of these tests is 127.0.0.1.
    var loopbackStats: TransferStats.Client? { server.stats.snapshot()["127.0.0.1"] }

    func json(_ data: Data) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
