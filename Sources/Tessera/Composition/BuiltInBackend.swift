// Runs in the app (tessera), and tessera-automated, which launches it the same way.

import App
import Domain
import Foundation
import Localization
import Logging
import Networking
import Persistence
import Scheduling

/// The default backend: `tessera-server` as a process on a fixed loopback port, so stored links keep working;
/// another Tessera's server there is used, else a free port (and the log says so).
enum BuiltInBackend {
    static let port = Backend.builtInPort
    static var base: URL { Backend.builtIn.base }

    /// `TESSERA_DATA`, the source tree's `data/`, or the installed `share/tessera/`.
    static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let given = environment["TESSERA_DATA"] { return URL(fileURLWithPath: given) }
        if let media = AppPaths.sourceTreeItem("data/media") { return media.deletingLastPathComponent() }
        return AppPaths.installedItem("media")?.deletingLastPathComponent()
    }

    /// Starts (or finds) the server; the backend, with the reason in words when there is none.
    static func start(logger: Logger, keepAlive: LockedServer) async -> BackendSource.Started {
        let loopback = base
        let unavailable = { (reason: String) -> BackendSource.Started in
            logger.error("the built-in backend could not start: \(reason)")
            return BackendSource.Started(backend: Backend(base: loopback), problem: tr(
                "The built-in server could not start: {reason}. The sections cannot load until it does; to use another server, start Tessera with --backend.",
                ["reason": reason]))
        }
        guard let data = dataDirectory() else {
            return unavailable(tr("no folder with its media was found (set TESSERA_DATA to the folder that holds media/ and avatars/)"))
        }
        guard let executable = BuiltInServerProcess.executable() else {
            return unavailable(tr("tessera-server was not found beside the app"))
        }
        let level = max(logger.logLevel, .warning)
        let launch = { (port: Int) async throws(BuiltInServerProcess.LaunchFailure) -> BuiltInServerProcess in
            try await keepAlive.start { () throws(BuiltInServerProcess.LaunchFailure) in
                try BuiltInServerProcess.launch(executable, port: port, data: data, logLevel: level, logger: logger)
            }
        }
        do {
            _ = try await launch(port)
            logger.info("built-in backend at \(loopback.absoluteString)")
            return BackendSource.Started(backend: Backend(base: loopback))
        } catch {
            if await isTesseraServer(loopback) {
                logger.info("using the built-in backend another Tessera started at \(loopback.absoluteString)")
                return BackendSource.Started(backend: Backend(base: loopback))
            }
            logger.info("the built-in backend could not take port \(port) (\(error.description)); trying a free port")
            do {
                let fallback = try await launch(0)
                logger.warning("port \(Self.port) is busy; built-in backend on port \(fallback.port). Gallery links stored for port \(Self.port) will not load in this run.")
                return BackendSource.Started(backend: Backend(base: URL(string: "http://127.0.0.1:\(fallback.port)/")!))
            } catch {
                return unavailable(error.description)
            }
        }
    }

    private static func isTesseraServer(_ base: URL) async -> Bool {
        let request = HTTPRequest(url: base.appendingPathComponent("stats"), timeout: .seconds(1))
        guard let response = try? await CurlHTTPClient().send(request), response.status == 200 else { return false }
        return (try? JSONSerialization.jsonObject(with: response.body)) is [String: Any]
    }
}

/// Keeps the running server for the life of the app, and stops it at exit.
final class LockedServer: Sendable {
    private let server = Mutex<BuiltInServerProcess?>(nil)
    /// Held while starting, so a quick quit leaves the port free for the next launch.
    private let starting = DispatchGroup()

    /// Runs the blocking `launch` on a GCD thread, not Swift's cooperative ones.
    func start(_ launch: @escaping @Sendable () throws(BuiltInServerProcess.LaunchFailure) -> BuiltInServerProcess)
        async throws(BuiltInServerProcess.LaunchFailure) -> BuiltInServerProcess {
        starting.enter()
        let result: Result<BuiltInServerProcess, BuiltInServerProcess.LaunchFailure> = await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                let result = Result { () throws(BuiltInServerProcess.LaunchFailure) in try launch() }
                if case .success(let started) = result { self.server.withLock { $0 = started } }
                self.starting.leave()
                continuation.resume(returning: result)
            }
        }
        return try result.get()
    }

    /// Stops the server, if one was started; returns once it has ended.
    func stop() {
        _ = starting.wait(timeout: .now() + .milliseconds(BuiltInServerProcess.listenDeadline.milliseconds))
        server.withLock { $0 }?.stop()
    }
}
