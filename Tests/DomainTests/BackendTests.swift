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

    func testAServiceIsNamedAndItsAddressCheckedAsTheBackendsIs() {
        XCTAssertEqual(try Backend.parseService("facts=http://facts.example/feed/").get().0, .facts)
        XCTAssertEqual(try Backend.parseService(" Avatars =https://cdn.example").get().1.absoluteString, "https://cdn.example")
        XCTAssertEqual(Backend.parseService("weather=http://x.example").map(\.0), .failure(.notAService("weather")))
        XCTAssertEqual(Backend.parseService("facts").map(\.0), .failure(.notAServiceAddress("facts")))
        XCTAssertEqual(Backend.parseService("feed=ftp://x").map(\.0), .failure(.notHTTP("ftp://x")))
        XCTAssertEqual(BackendError.notAService("weather").description,
                       "“weather” is not a service; the services are feed, messages, facts, avatars, images.")
    }

    func testTheCommandLineTakesPrecedenceOverTheSavedServicesAndABadSavedOneIsLeftOutInWords() {
        let (overrides, problems) = Backend.overrides(
            saved: ["facts": "http://saved.example/", "messages": "http://chat.example/", "weather": "http://x.example/",
                    "feed": "not an address"],
            given: [.facts: URL(string: "http://given.example/")!])
        XCTAssertEqual(overrides, [.facts: URL(string: "http://given.example/")!, .messages: URL(string: "http://chat.example/")!])
        XCTAssertEqual(problems, ["“not an address” is not a web address.",
                                  "“weather” is not a service; the services are feed, messages, facts, avatars, images."])
    }
}
