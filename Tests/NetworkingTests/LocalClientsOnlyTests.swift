import FixtureServer
import Foundation
import Networking
import XCTest

/// The built-in server listens on the user's machine: web pages open in the user's browser must
/// not be able to drive it, and no request may make it build a huge image.
final class LocalClientsOnlyTests: ServerTestCase {
    private let client = CurlHTTPClient()

    private func status(_ path: String, method: HTTPRequest.Method = .get, headers: [(name: String, value: String)] = [],
                        body: Data? = nil) async throws -> (status: Int, text: String) {
        let response = try await client.send(HTTPRequest(url: url(path), method: method, headers: headers, body: body))
        return (response.status, String(decoding: response.body, as: UTF8.self))
    }

    private func firstPostID() async throws -> String {
        let response = try await client.send(try .postJSON(url("user_details/select.php"), ["lastFetchId": ""])).validated()
        let data = try XCTUnwrap(try json(response.body)["data"] as? [[String: Any]])
        return try XCTUnwrap(data.first?["id"] as? String)
    }

    func testOnlyRequestsAddressedToThisMachineAreAnswered() async throws {
        let port = base.port!
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "127.0.0.1"] {
            let answer = try await status("facts.json", headers: [("Host", host)])
            XCTAssertEqual(answer.status, 200, "Host: \(host)")
        }
        // A page that rebinds its own DNS name to 127.0.0.1 still sends its own name.
        for host in ["attacker.example:\(port)", "attacker.example", "127.0.0.1.attacker.example", "localhost:abc"] {
            let answer = try await status("facts.json", headers: [("Host", host)])
            XCTAssertEqual(answer.status, 403, "Host: \(host)")
            XCTAssertTrue(answer.text.contains("only answers requests addressed to 127.0.0.1 or localhost"), answer.text)
        }
    }

    func testAWebPageCannotDeleteAPost() async throws {
        let id = try await firstPostID()
        let body = Data(#"{"id":"\#(id)"}"#.utf8)
        // A cross-origin fetch from a page: the browser adds its Origin.
        let fromPage = try await status("user_details/delete.php", method: .post,
                                        headers: [("Content-Type", "application/json"), ("Origin", "http://attacker.example")],
                                        body: body)
        XCTAssertEqual(fromPage.status, 403)
        XCTAssertTrue(fromPage.text.contains("web pages"), fromPage.text)
        // The "simple" text/plain POST that needs no preflight, even without an Origin.
        let plain = try await status("user_details/delete.php", method: .post,
                                     headers: [("Content-Type", "text/plain;charset=UTF-8")], body: body)
        XCTAssertEqual(plain.status, 415)
        let untyped = try await status("user_details/delete.php", method: .post, headers: [("Content-Type", "")], body: body)
        XCTAssertEqual(untyped.status, 415, "a body must say its type")
        let stillThere = try await firstPostID()
        XCTAssertEqual(stillThere, id, "nothing was deleted")
        // The contract's clients still work: JSON, a form, and a query.
        let form = try await status("user_details/delete.php", method: .post,
                                    headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data("id=\(id)".utf8))
        XCTAssertEqual(form.status, 200)
        XCTAssertTrue(form.text.contains(#""statusCode":200"#), form.text)
        let sameOrigin = try await status("user_details/select.php", method: .post,
                                          headers: [("Content-Type", "application/json"), ("Origin", "http://127.0.0.1:\(base.port!)")],
                                          body: Data(#"{"lastFetchId":""}"#.utf8))
        XCTAssertEqual(sameOrigin.status, 200, "this server's own origin is not foreign")
    }

    func testSynthesizedImagesHaveACap() async throws {
        let huge = try await status("synthetic/1/8192x8192.png")
        XCTAssertEqual(huge.status, 413)
        XCTAssertTrue(huge.text.contains("at most 4096 pixels"), huge.text)
        let wide = try await status("synthetic/1/4097x16.png")
        XCTAssertEqual(wide.status, 413)
        let edge = try await status("synthetic/1/4096x16.png")
        XCTAssertEqual(edge.status, 200)
        try await startServer { $0.maximumSyntheticSide = 64 }
        let overRaised = try await status("synthetic/1/65x8.png")
        XCTAssertEqual(overRaised.status, 413, "the cap is the configuration's")
        let underRaised = try await status("synthetic/1/64x8.png")
        XCTAssertEqual(underRaised.status, 200)
    }
}
