import Domain
import XCTest

final class TextFilterTests: XCTestCase {
    func testCaseAndAccentsAreIgnoredInBothLanguages() {
        XCTAssertTrue(TextFilter("zoe").matches("Zoë Martin"))
        XCTAssertTrue(TextFilter("ZOË").matches("zoe"))
        XCTAssertTrue(TextFilter("елка").matches("Ёлка у окна"))
        XCTAssertTrue(TextFilter("ЁЛКА").matches("елка"))
        XCTAssertTrue(TextFilter("strasse").matches("Hauptstraße"))
        XCTAssertTrue(TextFilter("cafe").matches("Un café noir"))
        XCTAssertFalse(TextFilter("cafe").matches("Un thé"))
    }

    func testEveryWordTypedIsFoundInAnyOrder() {
        XCTAssertTrue(TextFilter("smith ann").matches("Anna Smith"))
        XCTAssertTrue(TextFilter("  ann  ").matches("Joanna"), "a word is found inside another, spaces around it ignored")
        XCTAssertFalse(TextFilter("ann jones").matches("Anna Smith"), "each word must be there")
    }

    func testNothingTypedMatchesEverything() {
        XCTAssertTrue(TextFilter("").isEmpty)
        XCTAssertTrue(TextFilter("   ").isEmpty)
        XCTAssertTrue(TextFilter(" ").matches("Anything"))
        XCTAssertFalse(TextFilter("a").isEmpty)
    }
}
