@testable import App
import Domain
import Foundation
import Gtk
import SimulatedInput
import XCTest

/// In a narrow window the Sections button shows the folded sidebar over the content (HdyFlap), its
/// row focused; a click or Enter on a row goes there and the sidebar folds away; Escape closes it.
final class FoldedSidebarTests: AppTestCase {
    func testTheSectionsButtonShowsTheSidebarOverTheContent() throws {
        try onMain {
            let app = try launch()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            main.window.resize(width: 640, height: 700)
            waitFor("the sidebar folded", timeout: .seconds(5)) {
                main.isSidebarFolded && !main.sidebar.widget.isMapped && main.sectionsButton.isMapped && main.content.allocatedSize.width >= 600
            }
            let contentWidth = main.content.allocatedSize.width

            clickWhenSteady(main.sectionsButton, in: main.window)
            waitFor("the sidebar over the content, its row focused", timeout: .seconds(5)) {
                main.sidebar.widget.isMapped && main.sidebar.row(for: .gallery).isFocusWidget && main.sectionsButton.isActive
            }
            waitFor("slid in to the window's start", timeout: .seconds(5)) { (main.sidebar.widget.origin(in: main.window)?.x ?? -1) >= 0 }
            XCTAssertEqual(main.sidebar.widget.origin(in: main.window)?.x ?? -1, 0, accuracy: 8, "at the window's start")
            XCTAssertEqual(main.content.allocatedSize.width, contentWidth, "over the content, not beside it")
            clickWhenSteady(main.sidebar.row(for: .people), in: main.window)
            waitFor("People shown, the sidebar folded away", timeout: .seconds(5)) {
                main.currentSection == .people && !main.sidebar.widget.isMapped && !main.sectionsButton.isActive && !main.sidebar.containsFocus
            }

            clickWhenSteady(main.sectionsButton, in: main.window)
            waitFor("shown again at People's row", timeout: .seconds(5)) { main.sidebar.widget.isMapped && main.sidebar.row(for: .people).isFocusWidget }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("closed by Escape, the focus back on the button", timeout: .seconds(5)) {
                !main.sidebar.widget.isMapped && main.sectionsButton.isFocusWidget && !main.sectionsButton.isActive
            }
            XCTAssertEqual(main.currentSection, .people)

            XCTAssertTrue(InputSimulation.key("space", on: main.window))
            waitFor("opened from the keyboard", timeout: .seconds(5)) { main.sidebar.row(for: .people).isFocusWidget }
            XCTAssertTrue(InputSimulation.key("Up", on: main.window))
            waitFor("the Feed shown behind, the focus on its row", timeout: .seconds(5)) {
                main.currentSection == .feed && main.sidebar.row(for: .feed).isFocusWidget
            }
            XCTAssertTrue(InputSimulation.key("Return", on: main.window))
            waitFor("the sidebar folded away from the Feed", timeout: .seconds(5)) {
                !main.sidebar.widget.isMapped && !main.sidebar.containsFocus && !main.sectionsButton.isActive
            }
        }
    }
}
