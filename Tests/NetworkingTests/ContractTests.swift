import FixtureServer
import Foundation
import Networking
import XCTest

/// The server keeps shared/contracts.md, and the curl client reads it.
final class ContractTests: ServerTestCase {
    private let client = CurlHTTPClient()

    private func selectPage(_ last: String, form: Bool = false, query: Bool = false) async throws -> [[String: Any]] {
        let request: HTTPRequest
        if query {
            request = HTTPRequest(url: url("user_details/select.php?lastFetchId=\(last)"))
        } else if form {
            request = HTTPRequest(url: url("user_details/select.php"), method: .post,
                                  headers: [("Content-Type", "application/x-www-form-urlencoded")],
                                  body: Data("lastFetchId=\(last)".utf8))
        } else {
            request = try .postJSON(url("user_details/select.php"), ["lastFetchId": last])
        }
        let response = try await client.send(request).validated()
        let text = String(decoding: response.body, as: UTF8.self)
        if text.contains("file") {
            XCTAssertTrue(text.contains(#"\/user_details\/uploads\/"#), "slashes are escaped PHP-style: \(text.prefix(120))")
        }
        let object = try json(response.body)
        XCTAssertEqual(object["statusCode"] as? Int, 200)
        XCTAssertEqual(object["message"] as? String, "success")
        return try XCTUnwrap(object["data"] as? [[String: Any]])
    }

    /// The built-in feed looks like a real one: no picture or clip twice among its first three pages.
    func testTheFeedsFirstPagesShowNoPictureTwice() async throws {
        var last = "", files: [String] = []
        for _ in 0..<3 {
            let page = try await selectPage(last)
            files += page.compactMap { $0["file"] as? String }
            last = try XCTUnwrap(page.last?["id"] as? String)
        }
        XCTAssertEqual(files.count, 30)
        var seen: [Data: String] = [:]
        for file in files {
            let response = try await client.send(HTTPRequest(url: try XCTUnwrap(URL(string: file)))).validated()
            XCTAssertGreaterThan(response.body.count, 1000, file)
            if let earlier = seen[response.body] { XCTFail("\(file) shows what \(earlier) showed") }
            seen[response.body] = file
        }
    }

    func testFeedPagesDescendWithGapsInJSONFormAndQueryForms() async throws {
        let first = try await selectPage("")
        XCTAssertEqual(first.count, 10)
        let ids = first.compactMap { $0["id"] as? String }.compactMap(Int.init)
        XCTAssertEqual(ids.count, 10, "ids are strings")
        XCTAssertEqual(ids, ids.sorted(by: >))
        XCTAssertTrue(zip(ids, ids.dropFirst()).contains { $0 - $1 > 1 }, "ids have gaps")
        for item in first {
            let type = try XCTUnwrap(item["file_type"] as? String)
            let file = try XCTUnwrap(item["file"] as? String)
            XCTAssertTrue(type == "0" || type == "1")
            let ext = (file as NSString).pathExtension
            XCTAssertTrue(type == "1" ? ext == "mp4" : ["jpg", "png", "gif", "webp", "avif"].contains(ext), file)
        }
        let last = String(ids.last!)
        let viaJSON = try await selectPage(last)
        let viaForm = try await selectPage(last, form: true)
        let viaQuery = try await selectPage(last, query: true)
        let ids2 = viaJSON.compactMap { $0["id"] as? String }
        XCTAssertEqual(ids2, viaForm.compactMap { $0["id"] as? String })
        XCTAssertEqual(ids2, viaQuery.compactMap { $0["id"] as? String })
        XCTAssertLessThan(Int(ids2.first!)!, ids.last!)

        var cursor = ""
        var total = 0
        while true {
            let page = try await selectPage(cursor)
            if page.isEmpty { break }
            total += page.count
            cursor = page.last!["id"] as! String
        }
        XCTAssertEqual(total, 95, "every post once, then an empty page")
    }

    func testFeedMediaIsServedWithTypeLengthAndValidators() async throws {
        let page = try await selectPage("")
        let video = try XCTUnwrap(page.first { $0["file_type"] as? String == "1" })
        let image = try XCTUnwrap(page.first { $0["file_type"] as? String == "0" })
        let videoResponse = try await client.send(HTTPRequest(url: URL(string: video["file"] as! String)!)).validated()
        XCTAssertEqual(videoResponse.headers["content-type"], "video/mp4")
        XCTAssertEqual(Int(videoResponse.headers["content-length"] ?? ""), videoResponse.body.count)
        XCTAssertEqual(videoResponse.body[4..<8], Data("ftyp".utf8))
        let imageResponse = try await client.send(HTTPRequest(url: URL(string: image["file"] as! String)!)).validated()
        XCTAssertTrue(imageResponse.headers["content-type"]?.hasPrefix("image/") ?? false)
        XCTAssertNotNil(imageResponse.headers["etag"])
        XCTAssertNotNil(imageResponse.headers["last-modified"])
    }

    func testDeleteSucceedsOnceThenSaysAlreadyDeleted() async throws {
        let id = try await selectPage("").first!["id"] as! String
        let first = try json(try await client.send(.postJSON(url("user_details/delete.php"), ["id": id])).validated().body)
        XCTAssertEqual(first["message"] as? String, "Success")
        XCTAssertEqual(first["statusCode"] as? Int, 200)
        let again = try await client.send(.postJSON(url("user_details/delete.php"), ["id": id]))
        XCTAssertEqual(again.status, 200, "the body's statusCode is the truth")
        let second = try json(again.body)
        XCTAssertEqual(second["message"] as? String, "user already deleted")
        XCTAssertEqual(second["statusCode"] as? Int, 400)
        let ids = try await selectPage("").compactMap { $0["id"] as? String }
        XCTAssertFalse(ids.contains(id))
    }

    func testMessagesPageByOffsetAndEndEmpty() async throws {
        let first = try json(try await client.send(HTTPRequest(url: url("getMessages?offset=0"))).validated().body)
        let texts = try XCTUnwrap(first["result"] as? [String])
        XCTAssertEqual(texts.count, 20)
        XCTAssertTrue(texts[0].hasSuffix("(1)"), texts[0])
        let second = try json(try await client.send(HTTPRequest(url: url("getMessages?offset=20"))).validated().body)
        XCTAssertTrue((second["result"] as? [String])?.first?.hasSuffix("(21)") ?? false)
        let end = try json(try await client.send(HTTPRequest(url: url("getMessages?offset=200"))).validated().body)
        XCTAssertEqual((end["result"] as? [String])?.count, 0)
        // Read as the chat shows them, oldest at the top, the messages are a conversation that
        // goes forward: the newest answers the line above it.
        XCTAssertEqual(Array(texts[0...2].reversed()), ["12:30? (3)", "Make it 12:45, I have a call first. (2)",
                                                        "Running ten minutes late, save me a seat. (1)"])
    }

    func testEveryMessagesFailureKindReachesTheClientAsItShould() async throws {
        let serverError = try await client.send(HTTPRequest(url: url("getMessages?offset=0&fail=500")))
        XCTAssertEqual(serverError.status, 500)
        XCTAssertThrowsError(try serverError.validated()) { XCTAssertEqual($0 as? HTTPError, .status(500)) }
        XCTAssertTrue(String(decoding: serverError.body, as: UTF8.self).contains("<html>"))

        let notJSON = try await client.send(HTTPRequest(url: url("getMessages?offset=0&fail=not-json"))).validated()
        XCTAssertNil(try? JSONSerialization.jsonObject(with: notJSON.body))
        let errorObject = try json(try await client.send(HTTPRequest(url: url("getMessages?offset=0&fail=error"))).validated().body)
        XCTAssertNil(errorObject["result"])
        XCTAssertNotNil(errorObject["error"])
        let empty = try await client.send(HTTPRequest(url: url("getMessages?offset=0&fail=empty"))).validated()
        XCTAssertEqual(empty.body.count, 0)

        do {
            _ = try await client.send(HTTPRequest(url: url("getMessages?offset=0&fail=cut")))
            XCTFail("a cut connection is not a response")
        } catch {
            guard case .connectionLost = error else { return XCTFail("\(error)") }
        }
        do {
            _ = try await client.send(HTTPRequest(url: url("getMessages?offset=0&fail=slow"), timeout: .milliseconds(500)))
            XCTFail("a late answer is a timeout")
        } catch {
            XCTAssertEqual(error, .timeout)
        }
    }

    func testSeededFailuresAreReproducible() async throws {
        /// A fresh server with the same seed, and which of twelve requests succeed (1) or fail (0).
        func twelveRequests() async throws -> [Int] {
            await server.stop()
            try await startServer(failRate: 0.5, slowSeconds: 0.05)
            var outcomes: [Int] = []
            for _ in 0..<12 {
                let response = try? await client.send(HTTPRequest(url: url("getMessages?offset=0"), timeout: .seconds(5)))
                outcomes.append(response.map(Self.succeeded) ?? 0)
            }
            return outcomes
        }
        let outcomes = try await twelveRequests()
        XCTAssertTrue(outcomes.contains(0) && outcomes.contains(1), "\(outcomes)")
        let again = try await twelveRequests()
        XCTAssertEqual(outcomes, again, "the same seed fails the same way")
    }

    private static func succeeded(_ response: HTTPResponse) -> Int {
        let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]
        return response.status == 200 && object?["result"] != nil ? 1 : 0
    }

    func testFactsFeedHasTheRealFeedsQuirks() async throws {
        let response = try await client.send(HTTPRequest(url: url("facts.json"))).validated()
        XCTAssertEqual(response.headers["content-type"], "text/plain", "no charset named")
        XCTAssertNil(String(data: response.body, encoding: .utf8), "not valid UTF-8")
        let latin1 = try XCTUnwrap(String(data: response.body, encoding: .isoLatin1))
        XCTAssertTrue(latin1.contains("Éare illegal. Cats are fine."))
        let object = try json(Data(latin1.utf8))
        XCTAssertEqual(object["title"] as? String, "About Canada")
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 14)
        XCTAssertTrue(rows.contains { $0.values.allSatisfy { $0 is NSNull } }, "one row is all nulls")
        XCTAssertTrue(rows.contains { ($0["description"] as? String)?.hasPrefix(" ") ?? false })
        let hrefs = rows.compactMap { $0["imageHref"] as? String }
        XCTAssertTrue(hrefs.allSatisfy { $0.hasPrefix("http://") })
        XCTAssertTrue(hrefs.contains { $0.contains("%20") && $0.contains("(") })
        let kitten = try XCTUnwrap(hrefs.first { $0.contains("Kittens") })
        let image = try await client.send(HTTPRequest(url: URL(string: kitten)!)).validated()
        XCTAssertEqual(image.headers["content-type"], "image/jpeg")
        let dead = try XCTUnwrap(hrefs.first { $0.contains("missing") })
        let deadResponse = try await client.send(HTTPRequest(url: URL(string: dead)!))
        XCTAssertEqual(deadResponse.status, 404)
    }

    func testAvatarsOneToTwentyAndNothingElse() async throws {
        for number in [1, 9, 10, 20] {
            let name = String(format: "avatars_cartoon_animals_%02d.png", number)
            let response = try await client.send(HTTPRequest(url: url("pre-login-avatars/\(name)"))).validated()
            XCTAssertEqual(response.headers["content-type"], "image/png")
            XCTAssertEqual(response.body.prefix(4), Data([0x89, 0x50, 0x4E, 0x47]))
        }
        for bad in ["avatars_cartoon_animals_21.png", "avatars_cartoon_animals_1.png", "x.png"] {
            let response = try await client.send(HTTPRequest(url: url("pre-login-avatars/\(bad)")))
            XCTAssertEqual(response.status, 404, bad)
        }
    }

    func testSyntheticImagesAreDeterministicAndDistinct() async throws {
        let a1 = try await client.send(HTTPRequest(url: url("synthetic/1/320x200.jpg"))).validated().body
        let a2 = try await client.send(HTTPRequest(url: url("synthetic/1/320x200.jpg"))).validated().body
        let b = try await client.send(HTTPRequest(url: url("synthetic/2/320x200.jpg"))).validated().body
        XCTAssertEqual(a1, a2)
        XCTAssertNotEqual(a1, b)
        XCTAssertEqual(a1.prefix(2), Data([0xFF, 0xD8]))
        let png = try await client.send(HTTPRequest(url: url("synthetic/1/64x64.png"))).validated()
        XCTAssertEqual(png.headers["content-type"], "image/png")
    }

    func testConditionalRequestGetsNotModified() async throws {
        let first = try await client.send(HTTPRequest(url: url("images/raindrops-800x800.jpg"))).validated()
        let etag = try XCTUnwrap(first.headers["etag"])
        let second = try await client.send(HTTPRequest(url: url("images/raindrops-800x800.jpg"), headers: [("If-None-Match", etag)]))
        XCTAssertEqual(second.status, 304)
        XCTAssertEqual(second.body.count, 0)
    }
}
