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

    /// Addresses on this machine (no proxy, and looked for when they come back): the loopback
    /// names and numbers only, not a host whose name merely starts like one.
    func testThisMachineIsTheLoopbackNamesAndNumbersOnly() {
        for address in ["http://localhost:8080/", "http://127.0.0.1:47650/", "http://127.1.2.3/", "http://[::1]:80/", "HTTP://LOCALHOST/"] {
            XCTAssertTrue(URL(string: address)!.isOnThisMachine, address)
        }
        for address in ["http://example.org/", "http://127.example.org/", "http://127.0.0.1.example.org/", "http://10.0.0.1/", "file:///tmp/a"] {
            XCTAssertFalse(URL(string: address)!.isOnThisMachine, address)
        }
    }

    /// The file a link names, as a person reads it, or none.
    func testTheFileALinkNames() {
        XCTAssertEqual(WebURL.fileName(of: URL(string: "https://host/user_details/uploads/64655761.jpg")!), "64655761.jpg")
        XCTAssertEqual(WebURL.fileName(of: URL(string: "https://host/photos/summer%20day.png?size=2")!), "summer day.png")
        XCTAssertNil(WebURL.fileName(of: URL(string: "https://host")!))
        XCTAssertNil(WebURL.fileName(of: URL(string: "https://host/")!))
        XCTAssertNil(WebURL.fileName(of: URL(string: "https://host/photos/")!))
    }
}
