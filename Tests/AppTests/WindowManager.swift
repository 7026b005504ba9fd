import Foundation
import Gtk
import XCTest

/// A window manager (Debian's Openbox) on the tests' X display for one test: it grants what a bare
/// X server cannot, fullscreen among it. Started after the test's windows would be, it manages
/// those already shown as well.
@MainActor
final class WindowManager {
    private let process: Process
    private let ready: URL

    init() throws {
        ready = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-wm-\(UUID().uuidString)")
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        // Openbox runs the startup command once it manages the screen.
        process.arguments = ["--sm-disable", "--startup", "/usr/bin/touch \(ready.path)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let started = GtkRuntime.iterate(until: { FileManager.default.fileExists(atPath: self.ready.path) || !self.process.isRunning },
                                         timeout: .seconds(10), wakeEvery: .milliseconds(10))
        guard started, process.isRunning else {
            stop()
            throw WindowManagerFailure(status: process.isRunning ? nil : process.terminationStatus)
        }
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: ready)
    }

    struct WindowManagerFailure: Error, CustomStringConvertible {
        let status: Int32?
        var description: String { "openbox did not start on the display (\(status.map { "exit status \($0)" } ?? "no answer in 10 s"))" }
    }
}
