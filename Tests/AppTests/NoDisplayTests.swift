import Foundation
import XCTest

/// An app test run where there is no display fails, saying why, instead of passing unseen.
final class NoDisplayTests: XCTestCase {
    func testAnAppTestWithoutADisplayFails() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["AppTests.ShellTests/testWindowReadsAsTesseraWithTheFiveSections"]
        process.environment = ProcessInfo.processInfo.environment.filter { !["DISPLAY", "WAYLAND_DISPLAY"].contains($0.key) }
            .merging(["GDK_BACKEND": "x11"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertNotEqual(process.terminationStatus, 0, printed)
        XCTAssertTrue(printed.contains("no display: run the tests under xvfb-run"), printed)
        XCTAssertTrue(printed.contains("1 failure"), printed)
    }
}
