import Foundation
import XCTest

/// `inOwnProcess` reports what happened in the test's own process: a skip there is a skip here.
final class OwnProcessTests: XCTestCase {
    func testASkipInItsOwnProcessIsASkipHere() throws {
        let skipping = { () throws -> Void in throw XCTSkip("nothing to try in here") }
        // In its own process the skip goes out as it is, to be reported.
        guard ProcessInfo.processInfo.environment[Self.ownProcessVariable] == nil else { return try inOwnProcess { try skipping() } }
        XCTAssertThrowsError(try inOwnProcess { try skipping() }) { error in
            XCTAssertTrue(error is XCTSkip, "\(error)")
            XCTAssertTrue("\(error)".contains("nothing to try in here"), "\(error)")
        }
    }
}
