import Foundation
import XCTest

/// atspi-probe.py beside this file, run against a `tessera` executable inside a private session
/// bus (dbus-run-session), reading the app as a screen reader does: on X11, on Wayland, and
/// installed into a prefix.
enum ScreenReaderProbe {
    private static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("atspi-probe.py")

    /// Runs the probe on `binary` with a data folder of its own and the probe's `extra`
    /// arguments, in `environment`; its exit status and what it printed (standard output and error, so a
    /// failure's traceback is in it).
    static func run(_ binary: URL, _ extra: [String] = [],
                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (status: Int32, output: String) {
        let dataDir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-atspi-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dataDir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-run-session")
        process.arguments = ["--", "/usr/bin/python3", script.path, binary.path, dataDir.path] + extra
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Fails unless the probe's `output` read the frame "Tessera" and the five sections' rows.
    static func assertFrameAndSections(in output: String, file: StaticString = #filePath, line: UInt = #line) {
        let lines = output.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains("frame: Tessera"), output, file: file, line: line)
        for section in ["Gallery", "Feed", "People", "Messages", "Facts"] {
            XCTAssertTrue(lines.contains("list item: \(section)"), "\(section) missing:\n\(output)", file: file, line: line)
        }
    }
}
