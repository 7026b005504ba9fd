@testable import App
import Domain
import Foundation
import Gtk
import SimulatedInput
import XCTest

/// One search pattern: the header bar's Search, a toggle, opens the shown section's search bar right
/// under it, its entry ready for typing, with a magnifier and a clear icon, in People, Messages and
/// Facts, and closes it again; sections without a search show no button.
final class HeaderBarSearchTests: ServerBackedTestCase {
    func testTheHeaderBarsSearchOpensTheSectionsSearchBar() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .people)
            let main = try XCTUnwrap(app.mainWindow)
            defer { withExtendedLifetime(app) { main.window.destroy() } }
            let searches: [(Section, String, @MainActor () -> (Entry, SearchBar)?)] = [
                (.people, "3", { (main.coordinator(for: .people).pages.first as? PeoplePage).map { ($0.search.entry, $0.search.widget) } }),
                (.messages, "4", { (main.coordinator(for: .messages).pages.first as? MessagesPage).map { ($0.search.entry, $0.search.band) } }),
                (.facts, "5", { (main.coordinator(for: .facts).pages.first as? FactsPage).map { ($0.search.entry, $0.search.widget) } }),
            ]
            var frames: [Section: Rect] = [:]
            for (section, key, parts) in searches {
                let entry = { parts()?.0 }
                XCTAssertTrue(InputSimulation.key(key, modifiers: .control, on: main.window))
                // Its content shown first, so the band is measured over the page a person sees.
                waitFor("\(section) shown with Search in the header bar", timeout: .seconds(10)) {
                    main.currentSection == section && main.searchButton.isMapped && main.showsInitialSection
                        && (main.coordinator(for: section).pages.first as? any SettlingPage)?.isSettled == true
                }
                clickWhenSteady(main.searchButton, in: main.window)
                waitFor("\(section)'s search entry focused") { entry()?.isFocusWidget == true }
                let field = try XCTUnwrap(entry())
                let page = try XCTUnwrap(main.coordinator(for: section).pages.first).widget
                waitFor("\(section)'s search band right under the header bar") {
                    parts()?.1.origin(in: page)?.y == 0 && field.origin(in: page).map { $0.y > 0 && $0.y <= 12 } == true
                }
                XCTAssertEqual(parts()?.1.typeName, "HdySearchBar")
                let origin = try XCTUnwrap(field.origin(in: page))
                frames[section] = Rect(x: origin.x, y: origin.y, width: field.allocation.width, height: field.allocation.height)
                XCTAssertEqual(field.primaryIconName, "edit-find-symbolic", "a magnifier")
                XCTAssertNil(field.secondaryIconName, "nothing to clear yet")
                XCTAssertTrue(InputSimulation.type("zq", on: main.window))
                waitFor("the clear icon") { field.secondaryIconName == "edit-clear-symbolic" && field.text == "zq" }
                // The clear icon sits at the entry's end; a click there empties it.
                _ = try screen(of: main.window) // a frame drawn: the text area has made room for the icon
                let size = field.allocation, at = try XCTUnwrap(field.screenOrigin)
                try xdotool(["mousemove", "\(at.x + size.width - 14)", "\(at.y + size.height / 2)", "click", "1"])
                waitFor("\(section)'s search cleared by its icon") { field.text.isEmpty }
                // A toggle, as in GNOME's apps: pressed while the band shows; a click on it closes the band.
                XCTAssertTrue(main.searchButton.isActive, "\(section): Search pressed while its band shows")
                clickWhenSteady(main.searchButton, in: main.window)
                waitFor("\(section)'s band closed by Search") { parts()?.1.isOpen == false && !main.searchButton.isActive }
                // Ctrl+F presses it too, and Escape in the band lets it go.
                XCTAssertTrue(InputSimulation.key("f", modifiers: .control, on: main.window))
                waitFor("\(section)'s band open by Ctrl+F") { entry()?.isFocusWidget == true && main.searchButton.isActive }
                XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
                waitFor("\(section)'s band closed by Escape") { parts()?.1.isOpen == false && !main.searchButton.isActive }
            }
            // One pattern: the entry at the same place and width in every section.
            XCTAssertEqual(frames[.messages], frames[.people])
            XCTAssertEqual(frames[.facts], frames[.people])
            XCTAssertTrue(InputSimulation.key("1", modifiers: .control, on: main.window))
            waitFor("the gallery, without Search") { main.currentSection == .gallery && !main.searchButton.isVisible }
        }
    }
}

