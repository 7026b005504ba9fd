import Foundation
import XCTest

extension XCTestCase {
    /// The variable that tells a test it runs in a process of its own (its value: the test's name).
    static let ownProcessVariable = "TESSERA_TEST_IN_OWN_PROCESS"

    /// Runs `body` in a process of its own, as GLib's `g_test_trap_subprocess` does: for what a
    /// process settles once and for all on first use (GIO's network monitor, the system bus's
    /// address), which this process's other tests may have settled already. This test bundle is
    /// run again for this one test; there `body` runs, and here the test fails with what it
    /// printed if it failed there. The process's environment is this one's with `environment`
    /// added and the variables in `clearing` taken out (what the process reads as it starts). A
    /// test that skipped there skips here too, with its reason.
    func inOwnProcess(_ method: String = #function, timeout: TimeInterval = 120, environment added: [String: String] = [:],
                      clearing: [String] = [], _ body: () throws -> Void) throws {
        let test = "AppTests.\(String(describing: type(of: self)))/\(method.replacingOccurrences(of: "()", with: ""))"
        if ProcessInfo.processInfo.environment[Self.ownProcessVariable] == test {
            try body()
            return
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-own-process-\(UUID().uuidString).txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = [test]
        var environment = ProcessInfo.processInfo.environment.filter { !clearing.contains($0.key) }.merging(added) { $1 }
        environment[Self.ownProcessVariable] = test
        process.environment = environment
        let log = try FileHandle(forWritingTo: output)
        process.standardOutput = log
        process.standardError = log
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            process.waitUntilExit()
        }
        try log.close()
        let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        XCTAssertEqual(process.terminationStatus, 0, "\(test) in its own process:\n\(printed)")
        // A filter that matched nothing would end well having run nothing.
        XCTAssertTrue(printed.contains("Executed 1 test"), "\(test) did not run in its own process:\n\(printed)")
        if process.terminationStatus == 0, printed.contains("Executed 1 test, with 1 test skipped") {
            let reason = printed.split(separator: "\n").first { $0.contains("Test skipped") }
                .map { String($0[$0.range(of: "Test skipped")!.lowerBound...]) }
            throw XCTSkip("in its own process: \(reason ?? "skipped")")
        }
    }
}
