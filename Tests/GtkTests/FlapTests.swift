@_spi(SimulatedInput) import Gtk
import XCTest

/// A flap whose window is gone ignores being shown or hidden: libhandy's own would finish the
/// slide at once and clear the shadow helper its dispose already freed, and crash.
final class FlapTests: GtkTestCase {
    func testHidingTheFlapOfADestroyedWindowDoesNothing() throws {
        try onMain {
            let window = Window()
            let flap = Flap(flap: Label("Sections"), separator: Separator(.vertical), content: Label("Content"))
            window.add(flap)
            window.setDefaultSize(width: 600, height: 400)
            flap.isFolded = true
            flap.reveal(true, animated: false)
            window.showAll()
            try Self.drawFrame(window)
            XCTAssertTrue(flap.revealsFlap)
            window.destroy()
            flap.reveal(false, animated: false)
            flap.reveal(false, animated: true)
            XCTAssertTrue(flap.revealsFlap, "a destroyed flap changed")
        }
    }
}
