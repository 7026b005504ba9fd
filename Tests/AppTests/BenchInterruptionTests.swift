import Foundation
import TestSupport
import XCTest

/// `tessera-bench` stopped early (SIGTERM, as `kill` sends, or Ctrl-C) ends what it started, the
/// app, its server and its session bus, and removes its work folder, instead of leaving them running.
final class BenchInterruptionTests: XCTestCase {
    private let bench = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera-bench")

    func testASoakStoppedBySIGTERMLeavesNoProgramsAndNoFolder() throws {
        try checkStopped(by: SIGTERM)
    }

    func testASoakStoppedByCtrlCLeavesNoProgramsAndNoFolder() throws {
        try checkStopped(by: SIGINT)
    }

    private func checkStopped(by signal: Int32) throws {
        guard FileManager.default.isExecutableFile(atPath: bench.path) else { throw XCTSkip("tessera-bench is not built beside the tests") }
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("no display") }
        let process = Process()
        process.executableURL = bench
        process.arguments = ["soak", "--minutes", "10", "--sample-every", "600", "--feed-posts", "100"]
        // No bus given: the benchmark starts its own, which must end with it too.
        var environment = ProcessInfo.processInfo.environment.filter { $0.key != "DBUS_SESSION_BUS_ADDRESS" }
        environment["NO_AT_BRIDGE"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bench = process.processIdentifier
        var started: [pid_t] = []
        defer { for pid in started + [bench] where ChildProcess.isAlive(pid) { kill(pid, SIGKILL) } }
        // The soak has begun once the app it uses runs with `--report-frames`.
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 180) {
            started = ChildProcess.children(of: bench)
            return started.contains { Self.commandLine(of: $0).contains("--report-frames") }
        }, "the soak's app never started: \(started.map(Self.commandLine))")
        let names = started.map { URL(fileURLWithPath: Self.commandLine(of: $0).first ?? "").lastPathComponent }
        XCTAssertTrue(names.contains("tessera-server"), "\(names)")
        XCTAssertTrue(names.contains("dbus-daemon"), "\(names)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-soak-\(bench)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: work.path))

        kill(bench, signal)
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 30) { !process.isRunning }, "the benchmark did not end")
        XCTAssertEqual(process.terminationStatus, 128 + signal)
        // Ended programs linger as zombies until their parent is gone: dead or zombie both count as ended.
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 10) { !started.contains(where: ChildProcess.isAlive) },
                      "left running: \(started.filter(ChildProcess.isAlive).map(Self.commandLine))")
        XCTAssertFalse(FileManager.default.fileExists(atPath: work.path), "the work folder was left")
    }

    private static func commandLine(of pid: pid_t) -> [String] {
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
