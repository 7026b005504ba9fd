import Foundation
import Gtk
import TestSupport
import XCTest

/// The installed-style `tessera` binary as a GNOME user on Wayland runs it: natively, under a
/// Wayland compositor (weston, nested in this run's X display through its X11 backend, which gives
/// it a seat: a keyboard and a pointer, as every session has), with no GTK warning or critical,
/// its screenshots rendered (`tessera-automated`), and its window and sections read over AT-SPI.
final class WaylandTests: XCTestCase {
    private let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tessera")
    /// The same app driven for its screenshots.
    private let automated = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("tessera-automated")
    private var weston: Process?
    private var runtime: URL!
    private let socket = "wayland-tessera-\(getpid())"

    override func setUpWithError() throws {
        for program in [binary, automated] where !FileManager.default.isExecutableFile(atPath: program.path) {
            throw XCTSkip("\(program.lastPathComponent) is not built beside the tests at \(program.path)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") else {
            throw XCTSkip("weston is not installed (.ci/install-deps.sh installs it)")
        }
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("weston's X11 backend needs the X display the tests run on")
        }
        runtime = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-wayland-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        process.arguments = ["--backend=x11-backend.so", "--use-pixman", "--socket=\(socket)", "--width=1300", "--height=900",
                             "--no-config", "--idle-time=0"]
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        weston = process
        let socketPath = runtime.appendingPathComponent(socket).path
        let deadline = ContinuousClock.now + .seconds(20)
        while !FileManager.default.fileExists(atPath: socketPath) {
            guard ContinuousClock.now < deadline, process.isRunning else {
                throw XCTSkip("weston did not start here (exit status \(process.isRunning ? -1 : process.terminationStatus))")
            }
            usleep(20_000) // a socket file appearing: nothing to wait on but the folder
        }
    }

    override func tearDown() {
        weston?.terminate()
        weston?.waitUntilExit()
        if let runtime { try? FileManager.default.removeItem(at: runtime) }
    }

    /// The environment of an app on Wayland only: no X display to fall back to.
    private var waylandEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = socket
        environment["GDK_BACKEND"] = "wayland"
        environment["XDG_RUNTIME_DIR"] = runtime.path
        environment["NO_AT_BRIDGE"] = "1"
        return environment
    }

    func testOnWaylandEveryScreenshotRendersWithoutAWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-wayland-shots-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try runProgram(automated.path, ["--data-dir", folder.appendingPathComponent("data").path,
                                               "--screenshot", folder.appendingPathComponent("shots").path],
                                 environment: waylandEnvironment)
        XCTAssertEqual(run.status, 0, run.output)
        // GLib's own warnings and criticals ("Gtk-WARNING **", "Gdk-CRITICAL **"), from any library.
        let complaints = run.output.split(separator: "\n").filter { $0.contains("-WARNING **") || $0.contains("-CRITICAL **") }
        XCTAssertEqual(complaints, [], "GTK complained on Wayland")
        let shots = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("shots").path)
        XCTAssertEqual(shots.count, 56, shots.sorted().description)
        let preferences = try XCTUnwrap(Snapshot(pngAt: folder.appendingPathComponent("shots/preferences-dark.png")))
        XCTAssertGreaterThan(preferences.distinctColors(limit: 16), 8, "the Preferences window is drawn")
        for name in ["gallery-light.png", "feed-dark.png", "facts-light.png", "people-dark.png", "messages-light.png"] {
            let image = try XCTUnwrap(Snapshot(pngAt: folder.appendingPathComponent("shots").appendingPathComponent(name)), name)
            XCTAssertGreaterThanOrEqual(image.width, 1100, name)
            XCTAssertGreaterThan(image.distinctColors(limit: 16), 8, "\(name) is not blank")
        }
    }

    func testOnWaylandAScreenReaderReadsTheWindowAndItsSections() throws {
        let result = try ScreenReaderProbe.run(binary, environment: waylandEnvironment)
        XCTAssertEqual(result.status, 0, result.output)
        ScreenReaderProbe.assertFrameAndSections(in: result.output)
    }
}
