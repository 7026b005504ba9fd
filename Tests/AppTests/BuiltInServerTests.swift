import Domain
import Foundation
import Glibc
import TestSupport
import XCTest

/// The built-in backend runs as its own process: the real `tessera` starts the `tessera-server`
/// beside it, waits for it at a normal exit, and leaves none behind when it is killed.
final class BuiltInServerTests: XCTestCase {
    /// `tessera`, `tessera-automated` and `tessera-server` are built into the same folder as this test bundle.
    private let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    private var dataDirectory: URL!

    override func setUpWithError() throws {
        for program in ["tessera", "tessera-automated", "tessera-server"]
        where !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(program).path) {
            throw XCTSkip("\(program) is not built beside the tests in \(folder.path)")
        }
        dataDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        // The built-in backend's port, which these tests expect the app to take: the server of an
        // app an earlier test killed ends on its own, a moment later (its input closed).
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 10) { Self.canListen(on: Backend.builtInPort) },
                      "port \(Backend.builtInPort) stayed taken by another program")
    }

    /// Whether a listening socket can be bound to `port` on 127.0.0.1 now.
    private static func canListen(on port: Int) -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: dataDirectory)
    }

    /// The app (`program`), on its built-in backend, with its log in `log`.
    private func launch(_ program: String, _ arguments: [String], log: URL) throws -> Process {
        let app = Process()
        app.executableURL = folder.appendingPathComponent(program)
        app.arguments = ["--data-dir", dataDirectory.path] + arguments
        app.environment = ProcessInfo.processInfo.environment.merging(["NO_AT_BRIDGE": "1"]) { $1 }
        app.environment?.removeValue(forKey: "TESSERA_BACKEND")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        app.standardOutput = FileHandle.nullDevice
        app.standardError = handle
        try app.run()
        return app
    }

    func testTheAppWaitsForItsServerToEndWhenItQuits() throws {
        let log = dataDirectory.appendingPathComponent("app.log")
        // The app quits by itself once the feed, which comes from the server, is drawn.
        let app = try launch("tessera-automated", ["--report-content-drawn", "feed"], log: log)
        var server: Int32?
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 30) {
            server = server ?? ChildProcess.children(of: app.processIdentifier, named: "tessera-server").first
            return !app.isRunning
        })
        app.waitUntilExit()
        let written = try String(contentsOf: log, encoding: .utf8)
        XCTAssertEqual(app.terminationStatus, 0, written)
        let pid = try XCTUnwrap(server, "no tessera-server was seen under the app:\n\(written)")
        XCTAssertTrue(written.contains("built-in backend at http://127.0.0.1:"), written)
        // Not waited for with a deadline: the app's exit waited for the server's.
        XCTAssertFalse(ChildProcess.isAlive(pid), "the server \(pid) outlived the app")
    }

    func testTheServerEndsWhenTheAppIsKilled() throws {
        let log = dataDirectory.appendingPathComponent("app.log")
        let app = try launch("tessera", [], log: log)
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        var server: Int32?
        let started = waitTurningTheRunLoop(seconds: 30) {
            server = server ?? ChildProcess.children(of: app.processIdentifier, named: "tessera-server").first
            let written = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return server != nil && written.contains("built-in backend at ")
        }
        let pid = try XCTUnwrap(server, "no tessera-server was seen under the app:\n\((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        XCTAssertTrue(started)
        kill(app.processIdentifier, SIGKILL)
        app.waitUntilExit()
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 10) { !ChildProcess.isAlive(pid) }, "the server \(pid) outlived the killed app")
    }
}
