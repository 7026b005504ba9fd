import Foundation
import TestSupport
import XCTest

/// An app test run where there is no display fails, saying why, instead of passing unseen.
final class NoDisplayTests: XCTestCase {
    func testAnAppTestWithoutADisplayFails() throws {
        let environment = ProcessInfo.processInfo.environment.filter { !["DISPLAY", "WAYLAND_DISPLAY"].contains($0.key) }
            .merging(["GDK_BACKEND": "x11"]) { $1 }
        let (status, printed) = try runProgram(CommandLine.arguments[0], ["AppTests.ShellTests/testWindowReadsAsTesseraWithTheFiveSections"],
                                               environment: environment)
        XCTAssertNotEqual(status, 0, printed)
        XCTAssertTrue(printed.contains("no display: run the tests under xvfb-run"), printed)
        XCTAssertTrue(printed.contains("1 failure"), printed)
    }
}
