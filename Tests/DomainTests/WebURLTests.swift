import Domain
import Foundation
import XCTest

/// The one web-address rule every link passes.
final class WebURLTests: XCTestCase {
    func testOnlyAbsoluteHTTPAndHTTPSWithAHostPass() {
        for good in ["http://127.0.0.1:47650/images/a.jpg", "https://example.org/x?y=1", "  HTTPS://Example.org/ ", "http://[::1]:8080/"] {
            XCTAssertNoThrow(try WebURL.parse(good).get(), good)
        }
        XCTAssertEqual(WebURL.parse("file:///etc/passwd"), .failure(.notHTTP(scheme: "file")))
        XCTAssertEqual(WebURL.parse("javascript:alert(1)"), .failure(.notHTTP(scheme: "javascript")))
        XCTAssertEqual(WebURL.parse("ftp://example.org/a.jpg"), .failure(.notHTTP(scheme: "ftp")))
        XCTAssertEqual(WebURL.parse("/images/a.jpg"), .failure(.notAURL))
        XCTAssertEqual(WebURL.parse("http:///nohost"), .failure(.notAURL))
        XCTAssertEqual(WebURL.parse("not a link"), .failure(.notAURL))
        XCTAssertFalse(WebURL.isWeb(URL(fileURLWithPath: "/tmp/a.jpg")))
    }
}
