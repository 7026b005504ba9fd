@testable import App
import Foundation
import Gtk
import SimulatedInput
import XCTest

/// One selection mode: while gallery items are chosen the header bar counts them and offers Delete
/// and Cancel only, as GNOME's apps do; the tiles keep their places.
final class SelectionModeTests: ServerBackedTestCase {
    func testChoosingItemsPutsTheHeaderBarInSelectionMode() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            let window = main.window
            defer { withExtendedLifetime(app) { window.destroy() } }
            let page = try XCTUnwrap(main.coordinator(for: .gallery).pages.first as? GalleryPage)
            waitFor("the gallery", timeout: .seconds(10)) { page.isLaidOut && page.model.state.phase == .loaded }
            XCTAssertEqual(main.headerBar.title, "Tessera")
            XCTAssertTrue(main.addButton.isMapped)
            XCTAssertFalse(main.cancelChoosingButton.isVisible)
            @MainActor func places() -> [Rect] { (0..<3).map { index in
                let origin = page.tile(at: index).origin(in: page.grid.canvas) ?? (0, 0), size = page.tile(at: index).allocatedSize
                return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
            } }
            let before = places()

            for (index, chosen) in [(1, [1]), (2, [1, 2])] {
                XCTAssertTrue(InputSimulation.click(page.tile(at: index), at: (30, 30), modifiers: .control, in: window))
                waitFor("\(chosen) chosen") { page.model.state.selectedIndices == chosen }
            }
            waitFor("the header bar in selection mode") { main.cancelChoosingButton.isMapped && main.deleteChosenButton.isMapped }
            XCTAssertEqual(main.headerBar.title, "2 Selected")
            XCTAssertNil(main.headerBar.subtitle)
            XCTAssertTrue(main.headerBar.hasStyleClass("selection-mode"))
            XCTAssertFalse(main.headerBar.showsCloseButton)
            for other in [main.addButton, main.menuButton] as [Widget] { XCTAssertFalse(other.isVisible) }
            waitFor("every tile at its mosaic frame") { page.isLaidOut }
            XCTAssertEqual(places(), before, "chosen tiles keep their places and sizes")

            clickWhenSteady(main.cancelChoosingButton, in: window)
            waitFor("none chosen, the header bar back") { page.model.state.selectedCount == 0 && main.addButton.isMapped }
            XCTAssertEqual(main.headerBar.title, "Tessera")
            XCTAssertEqual(main.headerBar.subtitle, "Gallery")
            XCTAssertFalse(main.headerBar.hasStyleClass("selection-mode"))
            XCTAssertTrue(main.headerBar.showsCloseButton)
            XCTAssertFalse(main.cancelChoosingButton.isVisible)
            waitFor("the focus on the last chosen tile") { page.tile(at: 2).isFocusWidget }

            // Ctrl+A chooses all; the header bar's Delete asks once.
            XCTAssertTrue(InputSimulation.key("a", modifiers: .control, on: page.tile(at: 2)))
            let count = page.model.state.items.count
            waitFor("all counted") { main.headerBar.title == "\(count) Selected" }
            clickWhenSteady(main.deleteChosenButton, in: window)
            waitFor("one question") { page.messageDialog?.isVisible == true }
            XCTAssertEqual(page.messageDialog?.text, "Delete \(count) items?")
            try click(Dialog.cancel, in: page.messageDialog)
            waitFor("nothing deleted, still chosen") { page.messageDialog?.isVisible != true && page.model.state.items.count == count }
            XCTAssertEqual(main.headerBar.title, "\(count) Selected")
        }
    }
}
