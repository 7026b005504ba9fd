import Foundation
import TestSupport
import XCTest

/// `tessera-automated --report-frames SECONDS`, which the soak benchmark reads: the real app, in a
/// process of its own, tells the frames its window drew, the pictures it decoded and its heap every so
/// many seconds on standard output.
final class FrameReportTests: XCTestCase {
    /// Built into the same folder as this test bundle.
    private let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tessera-automated")

    func testTheAppTellsItsFramesEverySoManySecondsAndEndsOnSIGTERM() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("tessera-automated is not built beside the tests") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let printed = folder.appendingPathComponent("frames.txt")
        FileManager.default.createFile(atPath: printed.path, contents: nil)
        // A server of its own: the gallery's pictures are decoded and counted.
        let server = try TestServer.start { _ in } waitingWith: { waitTurningTheRunLoop(seconds: 10, for: $0) }
        defer { server.stop { waitTurningTheRunLoop(seconds: 5, for: $0) } }
        let app = Process()
        app.executableURL = binary
        app.arguments = ["--data-dir", folder.appendingPathComponent("data").path, "--backend", server.base.absoluteString, "--report-frames", "1"]
        app.environment = ProcessInfo.processInfo.environment.merging(["NO_AT_BRIDGE": "1", "GDK_BACKEND": "x11"]) { $1 }
        app.standardOutput = try FileHandle(forWritingTo: printed)
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { if app.isRunning { kill(app.processIdentifier, SIGKILL) } }
        func lines() -> [String] {
            ((try? String(contentsOf: printed, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        // The window's first frames come within the first seconds, its pictures soon after; later
        // seconds may draw and decode none.
        func decoded() -> Int { lines().reduce(0) { $0 + (Int($1.split(separator: " ").dropFirst(7).first ?? "") ?? 0) } }
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 30) { lines().count >= 2 && lines().contains { !$0.hasPrefix("frames 0 ") } && decoded() > 0 },
                      "two lines, one with frames, pictures decoded: \(lines())")
        func cached(_ line: String) -> Int { Int(line.split(separator: " ").dropFirst(17).first ?? "") ?? 0 }
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 30) { lines().contains { cached($0) > 0 } }, "decoded pictures kept: \(lines())")
        for line in lines() {
            let fields = line.split(separator: " ")
            XCTAssertEqual(fields.count, 18, line)
            guard fields.count == 18 else { continue }
            XCTAssertEqual(fields[0], "frames", line)
            XCTAssertEqual(fields[2], "slow", line)
            XCTAssertEqual(fields[4], "longest-ms", line)
            XCTAssertEqual(fields[6], "decoded", line)
            XCTAssertEqual(fields[8], "from-memory", line)
            let frames = try XCTUnwrap(Int(fields[1])), slow = try XCTUnwrap(Int(fields[3])), longest = try XCTUnwrap(Double(fields[5]))
            XCTAssertLessThanOrEqual(slow, frames, line)
            XCTAssertEqual(frames == 0, longest == 0, line)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(Int(fields[7])), 0, line)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(Int(fields[9])), 0, line)
            XCTAssertEqual(fields[10], "sqlite-bytes", line)
            XCTAssertGreaterThan(try XCTUnwrap(Int(fields[11])), 0, "People's database is open: \(line)")
            XCTAssertEqual(fields[12], "heap-in-use", line)
            XCTAssertEqual(fields[14], "heap-free", line)
            XCTAssertEqual(fields[16], "picture-cache-bytes", line)
            XCTAssertGreaterThan(try XCTUnwrap(Int(fields[13])), 1 << 20, "the heap holds the app's objects: \(line)")
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(Int(fields[15])), 0, line)
            XCTAssertGreaterThanOrEqual(try XCTUnwrap(Int(fields[17])), 0, line)
        }
        // Started by this test runner, the app inherits signals it blocks: SIGTERM still ends it,
        // as a closed window does.
        app.terminate()
        XCTAssertTrue(waitTurningTheRunLoop(seconds: 30) { !app.isRunning }, "the app ended on SIGTERM")
        if !app.isRunning { XCTAssertEqual(app.terminationStatus, 0, "a normal exit, not the signal's") }
    }

    func testANumberOfSecondsIsAskedFor() throws {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else { throw XCTSkip("tessera-automated is not built beside the tests") }
        let (status, output) = try runProgram(binary.path, ["--report-frames", "0"])
        XCTAssertNotEqual(status, 0)
        XCTAssertTrue(output.contains("“0” is not a number of seconds."), output)
    }
}
