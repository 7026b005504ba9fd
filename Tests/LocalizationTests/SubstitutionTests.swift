@testable import Localization
import XCTest

/// Values go into translated text by name.
final class SubstitutionTests: XCTestCase {
    func testValuesGoInByNameInAnyOrder() {
        XCTAssertEqual(substitute(["n": "3", "count": "12"], in: "Item {n} of {count}"), "Item 3 of 12")
        XCTAssertEqual(substitute(["n": "3", "count": "12"], in: "{count}: {n}"), "12: 3")
        XCTAssertEqual(substitute(["name": "Ada"], in: "{name} and {name}"), "Ada and Ada")
    }

    func testAValueIsPutInOnceAndAnUnknownNameShows() {
        XCTAssertEqual(substitute(["a": "{b}", "b": "x"], in: "{a} {b}"), "{b} x", "a value is not read again")
        XCTAssertEqual(substitute(["a": "1"], in: "{a} {mistake}"), "1 {mistake}")
        XCTAssertEqual(substitute(["a": "1"], in: "{a} {unclosed"), "1 {unclosed")
        XCTAssertEqual(substitute([:], in: "no braces"), "no braces")
    }

    func testWithoutACatalogueTheSourceTextComesBack() {
        XCTAssertEqual(tr("Edit {name}", ["name": "Ada"]), "Edit Ada")
        XCTAssertEqual(ntr("{count} item", "{count} items", count: 1), "1 item")
        XCTAssertEqual(ntr("{count} item", "{count} items", count: 5), "5 items")
    }
}
