import Domain
import FixtureServer
import Foundation
import Logging
import Networking
import Persistence
import Synchronization

/// The backend `tessera` starts in-process when no other is given: tessera-server on loopback.
///
/// It listens on a fixed port, so links the app stores (gallery items) keep working across
/// launches. If the port is taken by another Tessera's built-in server (a second profile), that
/// one is used; if something else holds it, a free port is used and the log says that stored
/// links to the built-in server will not load in this run.
enum BuiltInBackend {
    static let port = Backend.builtInPort
    static var base: URL { Backend.builtIn.base }

    /// The data folder with media/ and avatars/: `TESSERA_DATA`, the source tree's `data/` beside
    /// the build folder, or the installed copy.
    static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let given = environment["TESSERA_DATA"] { return URL(fileURLWithPath: given) }
        if let media = AppPaths.sourceTreeItem("data/media") { return media.deletingLastPathComponent() }
        for installed in ["/usr/local/share/tessera", "/usr/share/tessera"]
        where FileManager.default.fileExists(atPath: installed + "/media") {
            return URL(fileURLWithPath: installed)
        }
        return nil
    }

    /// Starts the server (or finds one already there) and returns the backend to use.
    static func start(logger: Logger, keepAlive: LockedServer) async -> Backend {
        let loopback = base
        guard let data = dataDirectory() else {
            logger.error("no data folder for the built-in server (set TESSERA_DATA); sections will show errors")
            return Backend(base: loopback)
        }
        var serverLogger = logger
        serverLogger.logLevel = max(logger.logLevel, .warning)
        let server = FixtureServer(configuration: .init(port: port, dataDirectory: data), logger: serverLogger)
        do {
            _ = try await server.start()
            keepAlive.set(server)
            logger.info("built-in backend at \(loopback.absoluteString)")
            return Backend(base: loopback)
        } catch {
            if await isTesseraServer(loopback) {
                logger.info("using the built-in backend another Tessera started at \(loopback.absoluteString)")
                return Backend(base: loopback)
            }
            let fallback = FixtureServer(configuration: .init(port: 0, dataDirectory: data), logger: serverLogger)
            guard let port = try? await fallback.start() else {
                logger.error("the built-in backend could not start: \(error)")
                return Backend(base: loopback)
            }
            keepAlive.set(fallback)
            logger.warning("port \(Self.port) is busy; built-in backend on port \(port). Gallery links stored for port \(Self.port) will not load in this run.")
            return Backend(base: URL(string: "http://127.0.0.1:\(port)/")!)
        }
    }

    private static func isTesseraServer(_ base: URL) async -> Bool {
        let request = HTTPRequest(url: base.appendingPathComponent("stats"), timeout: .seconds(1))
        guard let response = try? await CurlHTTPClient().send(request), response.status == 200 else { return false }
        return (try? JSONSerialization.jsonObject(with: response.body)) is [String: Any]
    }
}

/// Keeps the running server for the life of the process, and stops it at exit.
final class LockedServer: Sendable {
    private let server = Mutex<FixtureServer?>(nil)
    func set(_ server: FixtureServer) { self.server.withLock { $0 = server } }
    func stop() async {
        await server.withLock { $0 }?.stop()
    }
}
