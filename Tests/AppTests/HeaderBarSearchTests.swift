@testable import App
import Domain
import Foundation
import Gtk
import SimulatedInput
import XCTest

/// One search pattern: the header bar's Search opens the shown section's search bar, its entry
/// ready for typing, in People, Messages and Facts; sections without a search show no button.
final class HeaderBarSearchTests: ServerBackedTestCase {
    func testTheHeaderBarsSearchOpensTheSectionsSearchBar() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .people)
            let main = try XCTUnwrap(app.mainWindow)
            defer { withExtendedLifetime(app) { main.window.destroy() } }
            let searches: [(Section, String, @MainActor () -> Entry?)] = [
                (.people, "3", { (main.coordinator(for: .people).pages.first as? PeoplePage)?.search.entry }),
                (.messages, "4", { (main.coordinator(for: .messages).pages.first as? MessagesPage)?.search.entry }),
                (.facts, "5", { (main.coordinator(for: .facts).pages.first as? FactsPage)?.search.entry }),
            ]
            for (section, key, entry) in searches {
                XCTAssertTrue(InputSimulation.key(key, modifiers: .control, on: main.window))
                waitFor("\(section) shown with Search in the header bar", timeout: .seconds(10)) {
                    main.currentSection == section && main.searchButton.isMapped && main.showsInitialSection
                }
                clickWhenSteady(main.searchButton, in: main.window)
                waitFor("\(section)'s search entry focused") { entry()?.isFocusWidget == true }
                XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            }
            XCTAssertTrue(InputSimulation.key("1", modifiers: .control, on: main.window))
            waitFor("the gallery, without Search") { main.currentSection == .gallery && !main.searchButton.isVisible }
        }
    }
}
