@testable import Domain
import XCTest

final class TextPiecesTests: XCTestCase {
    private func scalars(_ text: String, _ range: Range<Int>) -> String {
        let all = Array(text.unicodeScalars)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: all[range])
        return String(view)
    }

    func testAShortTextIsOnePieceShownAsItIs() {
        let pieces = TextPieces("Did you see the northern lights last night?")
        XCTAssertEqual(pieces.pieces.count, 1)
        XCTAssertEqual(pieces.displayText, "Did you see the northern lights last night?")
    }

    func testLineBreaksOfTheTextArePieceBoundaries() {
        let text = "one\ntwo\r\nthree"
        let pieces = TextPieces(text)
        XCTAssertEqual(pieces.pieces.map(\.text), ["one", "two\r", "three"])
        XCTAssertEqual(pieces.displayText, text)
    }

    /// A megabyte of words: every piece within the weight, cut at a space that becomes the break,
    /// so the display text has the original's length and every offset maps to itself.
    func testAMegabyteOfWordsIsCutAtSpacesKeepingEveryOffset() {
        let text = String(repeating: "word ", count: 200_000)
        let pieces = TextPieces(text)
        XCTAssertGreaterThan(pieces.pieces.count, 900)
        XCTAssertTrue(pieces.pieces.allSatisfy { $0.text.unicodeScalars.count <= TextPieces.weightLimit })
        let display = pieces.displayText
        XCTAssertEqual(display.unicodeScalars.count, text.unicodeScalars.count)
        XCTAssertEqual(display.replacingOccurrences(of: "\n", with: " "), text)
        for range in [0..<10, 998..<1_012, 500_000..<500_100, 999_990..<1_000_000] {
            XCTAssertEqual(pieces.originalRange(displayed: range), range)
        }
    }

    /// A run with no space is cut between letters; the breaks it added map to nothing, so a
    /// selection across one copies the letters as they were.
    func testARunWithoutSpacesIsCutBetweenLettersAndCopiesWhole() {
        let text = String(repeating: "abcdefghij", count: 1_000)
        let pieces = TextPieces(text)
        XCTAssertEqual(pieces.pieces.count, 10)
        XCTAssertEqual(pieces.displayText.replacingOccurrences(of: "\n", with: ""), text)
        let display = pieces.displayText.unicodeScalars.count
        XCTAssertEqual(pieces.originalRange(displayed: 0..<display), 0..<text.unicodeScalars.count)
        // Across the first added break: "hij" + break + "abc".
        let range = pieces.originalRange(displayed: 997..<1_004)
        XCTAssertEqual(scalars(text, range), "hijabc")
    }

    func testMarksPastThirtyAreLeftOutAndASelectionTakesTheirPieceWhole() {
        let letter = "a" + String(repeating: "\u{301}", count: 100)
        let text = "Hi " + letter + " there"
        let pieces = TextPieces(text)
        XCTAssertEqual(pieces.displayText.unicodeScalars.count, text.unicodeScalars.count - 70)
        XCTAssertFalse(pieces.pieces[0].isWhole)
        XCTAssertEqual(pieces.originalRange(displayed: 0..<2), 0..<text.unicodeScalars.count, "the piece that left marks out, whole")
    }

    func testMarkedTextIsCutSoonerThanPlainText() {
        let marked = String(repeating: "a\u{301}\u{302}\u{303} ", count: 2_000)
        let pieces = TextPieces(marked)
        XCTAssertTrue(pieces.pieces.allSatisfy { $0.text.unicodeScalars.count < 400 })
        XCTAssertEqual(pieces.displayText.replacingOccurrences(of: "\n", with: " "), marked)
    }
}
