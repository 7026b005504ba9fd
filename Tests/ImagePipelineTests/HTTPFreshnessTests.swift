import Foundation
@testable import ImagePipeline
import XCTest

/// Reading a response's dates, whatever bytes a server puts in them.
final class HTTPFreshnessTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_796_000_000)

    func testAnIMFDateIsRead() {
        XCTAssertEqual(HTTPFreshness.httpDate("Wed, 21 Oct 2026 07:28:00 GMT"), Date(timeIntervalSince1970: 1_792_567_680))
    }

    /// Foundation's formatter stops the process on some of these (a mark joined to a letter).
    func testADateWithLettersBeyondASCIIIsUnreadableNotFatal() {
        XCTAssertNil(HTTPFreshness.httpDate("Wed\u{353}, 21 Oct 2026 07:28:00 GMT"))
        XCTAssertNil(HTTPFreshness.httpDate("Mié, 21 Oct 2026 07:28:00 GMT"))
        let expired = HTTPFreshness(headers: ["expires": "Wed\u{353}, 21 Oct 2026 07:28:00 GMT"], now: now)
        XCTAssertEqual(expired.freshUntil, .distantPast, "an Expires that cannot be read means already expired")
        let modified = HTTPFreshness(headers: ["last-modified": "Wed\u{353}, 21 Oct 2026 07:28:00 GMT"], now: now)
        XCTAssertEqual(modified.freshUntil, now.addingTimeInterval(HTTPFreshness.heuristicLimit))
    }
}
