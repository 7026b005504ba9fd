import Domain
import Foundation
import XCTest

final class BackendTests: XCTestCase {
    func testPathsHangOffTheBaseAsTheContractsName() {
        let backend = Backend(base: URL(string: "http://127.0.0.1:8765")!)
        XCTAssertEqual(backend.feedSelect.absoluteString, "http://127.0.0.1:8765/user_details/select.php")
        XCTAssertEqual(backend.feedDelete.absoluteString, "http://127.0.0.1:8765/user_details/delete.php")
        XCTAssertEqual(backend.messages(offset: 40).absoluteString, "http://127.0.0.1:8765/getMessages?offset=40")
        XCTAssertEqual(backend.facts.absoluteString, "http://127.0.0.1:8765/facts.json")
        XCTAssertEqual(backend.avatar(7).absoluteString,
                       "http://127.0.0.1:8765/pre-login-avatars/avatars_cartoon_animals_07.png")
    }

    func testPerServiceOverridesAndBasesWithPaths() {
        let backend = Backend(base: URL(string: "https://example.org/api/")!,
                              overrides: [.messages: URL(string: "http://chat.example.org/v1")!])
        XCTAssertEqual(backend.feedSelect.absoluteString, "https://example.org/api/user_details/select.php")
        XCTAssertEqual(backend.messages(offset: 0).absoluteString, "http://chat.example.org/v1/getMessages?offset=0")
    }

    func testOnlyHTTPAddressesAreAccepted() {
        XCTAssertEqual(try Backend.parse(" http://10.0.0.2:8080 ").get().absoluteString, "http://10.0.0.2:8080")
        XCTAssertEqual(Backend.parse("ftp://x"), .failure(.notHTTP("ftp://x")))
        XCTAssertEqual(Backend.parse("not a url"), .failure(.notAURL("not a url")))
        XCTAssertEqual(Backend.parse("http://"), .failure(.notAURL("http://")))
    }
}
