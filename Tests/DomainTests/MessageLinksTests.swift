import Domain
import Foundation
import XCTest

/// Which addresses in a message's text are links: http, https and mailto ones, as written in a
/// sentence; never javascript:, file: or data:.
final class MessageLinksTests: XCTestCase {
    private func links(_ text: String) -> [String] { MessageLinks.find(in: text).map { String(text[$0.range]) } }

    func testWebAndMailAddressesAreLinksWithoutTheSentencesPunctuation() {
        XCTAssertEqual(links("See https://example.org/a?b=1. Then http://x.ru/путь, or mailto:ann@example.org!"),
                       ["https://example.org/a?b=1", "http://x.ru/путь", "mailto:ann@example.org"])
        XCTAssertEqual(links("(https://en.wikipedia.org/wiki/Swift_(language))"), ["https://en.wikipedia.org/wiki/Swift_(language)"])
        XCTAssertEqual(links("«https://example.org/»"), ["https://example.org/"])
        XCTAssertEqual(links("HTTPS://EXAMPLE.ORG"), ["HTTPS://EXAMPLE.ORG"])
    }

    func testOtherSchemesAndHalfAddressesStayText() {
        XCTAssertEqual(links("javascript:alert(1) file:///etc/passwd data:text/html,hi ftp://x.org"), [])
        XCTAssertEqual(links("https:// and mailto: alone, xhttps://glued.org"), [])
        XCTAssertEqual(links("no links at all"), [])
    }

    func testTheAddressOpenedIsTheOneWritten() {
        let text = "go to https://example.org/page#part now"
        XCTAssertEqual(MessageLinks.find(in: text).map(\.url.absoluteString), ["https://example.org/page#part"])
    }
}
