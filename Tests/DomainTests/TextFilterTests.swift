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

    func testAWordIsFoundAnywhereInTheTextByItsLetters() {
        XCTAssertTrue(TextFilter("ith").matches("Anna Smith"), "at the end")
        XCTAssertTrue(TextFilter("anna smith").matches("Anna Smith"), "the whole text")
        XCTAssertFalse(TextFilter("smithson").matches("Smith"), "longer than the text")
        XCTAssertTrue(TextFilter("ёл").matches("Ель и ёлка"), "letters of two bytes")
        XCTAssertFalse(TextFilter("лк").matches("Ель"))
        XCTAssertTrue(TextFilter("ss").matches("Straße"))
    }

    func testAFilterNarrowsAnotherWhenEachOldWordIsWithinANewOne() {
        XCTAssertTrue(TextFilter("jas").narrows(TextFilter("ja")), "a letter added")
        XCTAssertTrue(TextFilter("ja n").narrows(TextFilter("ja")), "a word added")
        XCTAssertTrue(TextFilter("xja").narrows(TextFilter("ja")), "a letter put before")
        XCTAssertFalse(TextFilter("j").narrows(TextFilter("ja")), "a letter taken away")
        XCTAssertFalse(TextFilter("jo").narrows(TextFilter("ja")), "a letter changed")
        XCTAssertFalse(TextFilter("o j").narrows(TextFilter("jo")), "the letters apart")
        XCTAssertTrue(TextFilter("ja").narrows(TextFilter("")), "everyone before")
    }
}
