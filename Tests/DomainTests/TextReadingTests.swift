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

/// A gallery identifier read as Foundation reads it, without its cost.
final class UUIDTextTests: XCTestCase {
    func testIdentifiersReadAsFoundationReadsThem() {
        let samples = ["bef89c66-2318-46bb-b142-41f88ddf532f", "BEF89C66-2318-46BB-B142-41F88DDF532F",
                       "Bef89c66-2318-46bB-b142-41f88ddf532f", "00000000-0000-0000-0000-000000000000",
                       "bef89c66-2318-46bb-b142-41f88ddf532", "bef89c66-2318-46bb-b142-41f88ddf532ff",
                       "bef89c66x2318-46bb-b142-41f88ddf532f", "bef89c66-2318-46bb-b142-41f88ddf532g",
                       "{bef89c66-2318-46bb-b142-41f88ddf532f}", " bef89c66-2318-46bb-b142-41f88ddf532f",
                       "bef89c6623184-6bb-b142-41f88ddf532f", "", "not-a-uuid", "bef89c66-2318-46bb-b142-41f88ddf53é"]
        for sample in samples {
            XCTAssertEqual(UUID(text: sample), UUID(uuidString: sample), sample)
        }
        XCTAssertNotNil(UUID(text: "bef89c66-2318-46bb-b142-41f88ddf532f"))
    }
}
