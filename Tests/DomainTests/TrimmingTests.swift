import Domain
import Foundation
import XCTest

/// The trim every link and field passes: the same characters as Foundation's, from the ends only.
final class TrimmingTests: XCTestCase {
    func testWhiteSpaceAndLineBreaksGoFromTheEndsOnly() {
        let samples = ["", " ", "\n\t ", "link", "  link  ", "\tlink\r\n", "a b", " a\u{00A0}b ",
                       "\u{00A0}\u{2003}link\u{3000}", "\u{2028}link\u{2029}", "\u{0085}link\u{000B}\u{000C}",
                       "\u{200B}link\u{200B}", "é ", " 🙂", "🏳️‍🌈\u{1680}"]
        for sample in samples {
            XCTAssertEqual(sample.trimmedOfWhiteSpace(), sample.trimmingCharacters(in: .whitespacesAndNewlines),
                           sample.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
        }
        XCTAssertEqual("  https://example.org/a.jpg ".trimmedOfWhiteSpace(), "https://example.org/a.jpg")
    }
}
