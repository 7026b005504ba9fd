import Domain
import Foundation
import XCTest

final class FactsDecoderTests: XCTestCase {
    /// The feed as the fixture server serves it, built from the same rules as the real one.
    private func feedBytes() -> Data {
        var data = Data(#"{"title":"About Canada","rows":["#.utf8)
        data.append(Data(#"{"title":"Beavers","description":"Beavers are big.","imageHref":"http:\/\/example.com\/b.jpg"},"#.utf8))
        data.append(Data(#"{"title":"Flag","description":null,"imageHref":"http://example.com/f.png"},"#.utf8))
        data.append(Data(#"{"title":null,"description":null,"imageHref":null},"#.utf8))
        data.append(Data(#"{"title":"Public Shame","description":" Sadly it's true.","imageHref":"http://example.com/x.jpg"},"#.utf8))
        data.append(Data(#"{"title":"Geography","description":"Big.","imageHref":"http://[broken-host/g.jpg"},"#.utf8))
        data.append(Data(#"{"title":"Eh","description":"A word.","imageHref":null},"#.utf8))
        data.append(Data(#"{"title":"Kittens...","description":""#.utf8))
        data.append(0xC9)
        data.append(Data(#"are illegal. Cats are fine.","imageHref":"http://example.com/Kittens%20(cute).jpg"},"#.utf8))
        data.append(Data(#"{"title":null,"description":"Only words.","imageHref":"ftp://example.com/a.jpg"}"#.utf8))
        data.append(Data("]}".utf8))
        return data
    }

    func testDecodesTheQuirkyFeed() throws {
        XCTAssertNil(String(data: feedBytes(), encoding: .utf8), "the fixture must not be valid UTF-8")
        let feed = try FactsDecoder.decode(feedBytes())
        XCTAssertEqual(feed.title, "About Canada")
        XCTAssertEqual(feed.skippedRows, 1)
        XCTAssertEqual(feed.facts.map(\.title), ["Beavers", "Flag", "Public Shame", "Geography", "Eh", "Kittens...", nil])
        XCTAssertEqual(feed.facts.map(\.id), Array(0..<7))
        XCTAssertEqual(feed.facts[5].description, "Éare illegal. Cats are fine.")
        XCTAssertEqual(feed.facts[5].imageURL?.absoluteString, "http://example.com/Kittens%20(cute).jpg")
        XCTAssertEqual(feed.facts[2].description, "Sadly it's true.")
        XCTAssertNil(feed.facts[1].description)
        XCTAssertEqual(feed.facts[0].imageURL?.absoluteString, "http://example.com/b.jpg")
        XCTAssertNil(feed.facts[3].imageURL, "a malformed link is not used")
        XCTAssertEqual(feed.facts[3].rejectedImageLink, "http://[broken-host/g.jpg")
        XCTAssertNil(feed.facts[4].imageURL)
        XCTAssertNil(feed.facts[4].rejectedImageLink)
        XCTAssertNil(feed.facts[6].imageURL, "only http and https links are fetched")
        XCTAssertEqual(feed.facts[6].accessibleName, "Untitled: Only words.")
        XCTAssertEqual(feed.facts[0].accessibleName, "Beavers: Beavers are big.")
        XCTAssertEqual(feed.facts[1].accessibleName, "Flag")
    }

    func testUTF8FeedIsReadAsUTF8() throws {
        let feed = try FactsDecoder.decode(Data(#"{"title":"Été","rows":[{"title":"Ça","description":"ünïcode","imageHref":null}]}"#.utf8))
        XCTAssertEqual(feed.title, "Été")
        XCTAssertEqual(feed.facts.first?.description, "ünïcode")
    }

    func testNullTitleAndEmptyRows() throws {
        let feed = try FactsDecoder.decode(Data(#"{"title":null,"rows":[]}"#.utf8))
        XCTAssertNil(feed.title)
        XCTAssertEqual(feed.facts, [])
    }

    func testNonRowEntriesAreIgnored() throws {
        let feed = try FactsDecoder.decode(Data(#"{"title":"T","rows":[null, 3, "x", {"title":"A"}]}"#.utf8))
        XCTAssertEqual(feed.facts.map(\.title), ["A"])
    }

    /// A field that is not text (a number, a truth value, an object) is read as none, as a null is.
    func testFieldsThatAreNotTextReadAsNone() throws {
        let feed = try FactsDecoder.decode(Data(#"{"title":5,"rows":[{"title":7,"description":" D","imageHref":true},{"title":{"a":1},"description":[1]}]}"#.utf8))
        XCTAssertNil(feed.title)
        XCTAssertEqual(feed.facts, [Fact(id: 0, title: nil, description: "D", imageURL: nil)])
        XCTAssertEqual(feed.skippedRows, 1)
    }

    func testBadBodiesAreTypedErrors() {
        func error(_ text: String) -> FactsDecodingError? {
            do { _ = try FactsDecoder.decode(Data(text.utf8)); return nil } catch { return error }
        }
        XCTAssertEqual(error(""), .empty)
        XCTAssertEqual(error("<html>500</html>"), .notJSON)
        XCTAssertEqual(error(#"{"title":"About"#), .notJSON)
        XCTAssertEqual(error(#"{"title":"About Canada"}"#), .unexpectedShape)
        XCTAssertEqual(error(#"[1,2]"#), .unexpectedShape)
        XCTAssertEqual(error(#"{"rows":{"a":1}}"#), .unexpectedShape)
        XCTAssertEqual(error(#"{"rows":null}"#), .unexpectedShape)
        XCTAssertEqual(error(#""rows""#), .unexpectedShape)
        XCTAssertEqual(error(#"{"rows":[]} trailing"#), .notJSON)
    }

    /// A feed past the bound is refused whole, in words that say how long it was and what is shown.
    func testAFeedLongerThanTheBoundIsRefusedInWords() throws {
        let rows = (0..<5).map { #"{"title":"Row \#($0)","description":null,"imageHref":null}"# }.joined(separator: ",")
        let feed = Data(#"{"title":"Long","rows":[\#(rows)]}"#.utf8)
        XCTAssertEqual(try FactsDecoder.decode(feed, maximumRows: 5).facts.count, 5, "at the bound, taken")
        XCTAssertThrowsError(try FactsDecoder.decode(feed, maximumRows: 4)) { error in
            XCTAssertEqual(error as? FactsDecodingError, .tooManyRows(5))
            XCTAssertEqual("\(error)", "The facts feed has 5 rows, more than the 200000 Tessera shows.")
        }
        XCTAssertEqual(FactsFeed.maximumRows, 200_000)
    }
}
