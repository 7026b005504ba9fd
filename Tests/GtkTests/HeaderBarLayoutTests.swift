import Gtk
import XCTest

/// A decoration layout with some window buttons taken out, each side kept.
final class HeaderBarLayoutTests: XCTestCase {
    func testMinimizeAndMaximizeGoAndTheRestStaysOnItsSide() {
        let resizing: Set<String> = ["minimize", "maximize"]
        XCTAssertEqual(HeaderBar.layout("menu:minimize,maximize,close", without: resizing), "menu:close")
        XCTAssertEqual(HeaderBar.layout("close,minimize,maximize:", without: resizing), "close:")
        XCTAssertEqual(HeaderBar.layout("appmenu:close", without: resizing), "appmenu:close")
        XCTAssertEqual(HeaderBar.layout("", without: resizing), "")
    }
}
