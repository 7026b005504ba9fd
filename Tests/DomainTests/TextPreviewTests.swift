@testable import Domain
import XCTest

final class TextPreviewTests: XCTestCase {
    func testAShortTextIsItsOwnPreview() {
        for text in ["", "ok", "Привет! Как дела?", "The build is green again 🎉", "two\nlines", "e\u{301}te\u{301}"] {
            XCTAssertEqual(text.preview, text)
        }
    }

    func testAMegabyteOfWordsIsCutAtTheLimitWithAnEllipsis() {
        let text = String(repeating: "word ", count: 200_000)
        let preview = text.preview
        XCTAssertTrue(preview.hasSuffix("word…"), String(preview.suffix(20)))
        XCTAssertLessThanOrEqual(preview.unicodeScalars.count, TextPreview.characterLimit + 1)
        XCTAssertGreaterThan(preview.unicodeScalars.count, TextPreview.characterLimit - 10)
        XCTAssertTrue(text.hasPrefix(String(preview.dropLast())), "the preview is the text's start")
    }

    func testLinesPastTheLimitAreCut() {
        let text = (1...100).map { "line \($0)" }.joined(separator: "\n")
        let preview = text.preview
        XCTAssertEqual(preview.split(separator: "\n").count, TextPreview.lineLimit)
        XCTAssertTrue(preview.hasSuffix("line \(TextPreview.lineLimit)…"), preview)
        // CR LF is one break, not two.
        let windows = (1...100).map { "line \($0)" }.joined(separator: "\r\n")
        XCTAssertTrue(windows.preview.hasSuffix("line \(TextPreview.lineLimit)…"), windows.preview)
    }

    func testALongRunWithoutASpaceGetsInvisibleBreakOpportunities() {
        let run = String(repeating: "x", count: 200)
        let preview = run.preview
        XCTAssertEqual(preview.replacingOccurrences(of: "\u{200B}", with: ""), run, "nothing visible changes")
        XCTAssertEqual(preview.unicodeScalars.filter { $0 == "\u{200B}" }.count, 9, "after every 20 letters")
        XCTAssertEqual(TextPreview.of(run, breaksLongRuns: false), run, "left whole when asked")
        XCTAssertFalse(preview.split(separator: "\u{200B}").contains { $0.count > TextPreview.brokenRunStep })
        let words = "Rechtsschutzversicherungsgesellschaften: https://example.org/" + String(repeating: "ab", count: 40) + " and more"
        XCTAssertEqual(words.preview, words, "words and links up to 100 letters are left whole")
    }

    func testMarksPastThirtyOnOneLetterAreLeftOut() {
        // Within the four times its length a preview reads.
        let zalgo = "a" + String(repeating: "\u{301}", count: TextPreview.characterLimit * 2) + "b"
        let preview = zalgo.preview
        XCTAssertEqual(preview.unicodeScalars.count, 1 + TextPreview.marksPerLetter + 1)
        XCTAssertEqual(preview.unicodeScalars.first, "a")
        XCTAssertEqual(preview.unicodeScalars.last, "b")
        let many = String(repeating: "a" + String(repeating: "\u{301}", count: 3_000), count: 1_000)
        XCTAssertLessThanOrEqual(many.preview.unicodeScalars.count, TextPreview.characterLimit + 1)
        let endless = "a" + String(repeating: "\u{301}", count: 100_000) + "b"
        XCTAssertEqual(endless.preview, "a" + String(repeating: "\u{301}", count: TextPreview.marksPerLetter) + "…",
                       "a preview stops reading after four times its length")
    }

    /// The ranges answered without Unicode's tables agree with them, scalar by scalar.
    func testMarksAndSpacesAgreeWithUnicodesTables() {
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let mark = [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
            XCTAssertEqual(TextPreview.isMark(scalar), mark, "U+\(String(value, radix: 16))")
            XCTAssertEqual(TextPreview.isWhitespace(scalar), scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
    }
}
