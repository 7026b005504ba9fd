import FixtureServer
import Foundation
import Logging
import Scheduling

/// A real tessera-server on a loopback port for one test: quiet, on the repository's `data/`.
public final class TestServer: Sendable {
    public let server: FixtureServer
    public let base: URL

    /// The repository's `data/` folder (media, avatars).
    public static let dataDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data")
    /// The decoder tests' pictures (`Tests/Pictures`, made by its make-pictures.sh): 60 x 40,
    /// four coloured quarters, in every format.
    public static let picturesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Pictures")

    private init(server: FixtureServer, port: Int) {
        self.server = server
        base = URL(string: "http://127.0.0.1:\(port)/")!
    }

    private static func make(_ configure: (inout FixtureServer.Configuration) -> Void) -> FixtureServer {
        // Quiet: stopping the server between tests makes Hummingbird log the cancelled channels.
        var logger = Logger(label: "test-server")
        logger.logLevel = .critical
        var configuration = FixtureServer.Configuration(dataDirectory: dataDirectory, seed: 42)
        configure(&configuration)
        return FixtureServer(configuration: configuration, logger: logger)
    }

    /// Starts a server; `configure` adjusts the configuration (fail rate, port, sizes).
    public static func start(_ configure: @Sendable (inout FixtureServer.Configuration) -> Void = { _ in }) async throws -> TestServer {
        let server = make(configure)
        return TestServer(server: server, port: try await server.start())
    }

    /// Starts a server from a thread that must keep running its own loop (GTK tests): `wait`
    /// drives that loop until its condition holds or its deadline passes.
    public static func start(_ configure: @Sendable (inout FixtureServer.Configuration) -> Void = { _ in },
                             waitingWith wait: (_ condition: () -> Bool) -> Bool) throws -> TestServer {
        let server = make(configure)
        let port = Mutex<Result<Int, any Error>?>(nil)
        Task.detached {
            do { let started = try await server.start(); port.withLock { $0 = .success(started) } } catch {
                port.withLock { $0 = .failure(error) }
            }
        }
        guard wait({ port.withLock { $0 != nil } }) else { throw TestServerError.didNotStart }
        return TestServer(server: server, port: try port.withLock { $0! }.get())
    }

    public func stop() async { await server.stop() }

    /// Stops from a thread that keeps running its own loop (see `start(_:waitingWith:)`).
    public func stop(waitingWith wait: (_ condition: () -> Bool) -> Bool) {
        let server = self.server
        let done = Mutex(false)
        Task.detached { await server.stop(); done.withLock { $0 = true } }
        _ = wait { done.withLock { $0 } }
    }

    public var port: Int { base.port ?? 0 }

    public func url(_ path: String) -> URL { URL(string: path, relativeTo: base)!.absoluteURL }

    /// Every client of the tests is 127.0.0.1.
    public var loopback: TransferStats.Client? { server.stats.snapshot()["127.0.0.1"] }

    /// What the client at `address` asked (a server started on this machine's network address
    /// sees this machine's clients come from there).
    public func client(_ address: String) -> TransferStats.Client? { server.stats.snapshot()[address] }

    /// The paths (with queries) the loopback client asked for, in order.
    public var requestedPaths: [String] { loopback?.recent ?? [] }
}

public enum TestServerError: Error { case didNotStart }
