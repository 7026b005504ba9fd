@testable import App
import Domain
import Foundation
import Gtk
import TestSupport
import XCTest
import SimulatedInput

/// Facts reopen on the card at their top, with the search typed, from the saved feed when the
/// backend is gone.
final class RestoreFactsTests: FactsTestCase {
    @MainActor
    private func shownCards(_ page: FactsPage, in window: Window) -> [String] {
        RestoreTests.shown(page.cards.map { ($0.fact.displayTitle, $0.view) }, in: page.grid.widget, of: window)
    }

    func testFactsReopenOfflineOnTheCardsTheyShowedWithTheSearchTyped() throws {
        try onMain {
            let (app, page) = try openFacts(width: 700, height: 420)
            let main = try XCTUnwrap(app.mainWindow)
            waitFor("the cards settled", timeout: .seconds(10)) { page.isSettled }
            let onScreen = try XCTUnwrap(main.window.screenOrigin), grid = try XCTUnwrap(page.grid.widget.origin(in: main.window))
            try xdotool(["mousemove", "\(onScreen.x + grid.x + 100)", "\(onScreen.y + grid.y + 100)", "click", "--repeat", "4", "5"])
            waitFor("the cards scrolled") { page.scroll.value > 200 }
            waitFor("settled there", timeout: .seconds(10)) { page.isSettled }
            _ = try screen(of: main.window)
            let scrolled = shownCards(page, in: main.window)
            XCTAssertFalse(scrolled.isEmpty)

            closeAndFinish(app)
            let (again, main2, page2, _) = try relaunchWithoutTheBackend(closing: app)
            waitFor("the saved cards settled", timeout: .seconds(10)) { page2.model.state.phase == .loaded && page2.isSettled }
            _ = try screen(of: main2.window)
            XCTAssertEqual(shownCards(page2, in: main2.window), scrolled, "the same cards at the same places in the list, offline (its banner above)")

            // A search typed is there at the next launch, finding what it found.
            page2.grid.focus(index: 0)
            XCTAssertTrue(InputSimulation.type("canada", on: main2.window))
            waitFor("the cards that say Canada") { page2.grid.items.count == 4 }
            closeAndFinish(again)
            let third = try launch(backend: server.base)
            let main3 = try XCTUnwrap(third.mainWindow)
            defer { main3.window.destroy() }
            let page3 = try XCTUnwrap(main3.coordinator(for: .facts).pages.first as? FactsPage)
            waitFor("the search and its four cards", timeout: .seconds(10)) {
                page3.searchBar.isOpen && page3.search.entry.text == "canada" && page3.grid.items.count == 4 && page3.isSettled
            }
            XCTAssertEqual(main3.currentSection, .facts)
            XCTAssertEqual(page3.grid.items.map { page3.model.state.facts[$0.index].title ?? "" },
                           ["Transportation", "Hockey Night in Canada", "Space Program", "Meese"])
        }
    }

    func testAFactsDetailOpenAtCloseIsOpenAtTheNextLaunch() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1000, height: 600)
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = main.coordinator(for: .facts)
            let card = try XCTUnwrap(page.cards.first { $0.fact.displayTitle == "Transportation" })
            card.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: card.view))
            waitFor("the detail page") { coordinator.depth == 2 && !coordinator.container.transitionRunning }
            closeAndFinish(app)

            let again = try launch(backend: server.base)
            let main2 = try XCTUnwrap(again.mainWindow)
            defer { main2.window.destroy() }
            XCTAssertEqual(main2.currentSection, .facts)
            let coordinator2 = main2.coordinator(for: .facts)
            waitFor("the detail open again", timeout: .seconds(10)) { coordinator2.depth == 2 && !coordinator2.container.transitionRunning }
            let detail = try XCTUnwrap(coordinator2.topPage as? FactDetailPage)
            XCTAssertTrue(detail.widget.isMapped)
            XCTAssertTrue(ShownLabels.texts(under: detail.widget).contains("Transportation"), "\(ShownLabels.texts(under: detail.widget))")
            // Back leaves it, and the launch after shows the cards.
            XCTAssertTrue(InputSimulation.key("Escape", on: main2.window))
            waitFor("back on the cards") { coordinator2.depth == 1 }
            closeAndFinish(again)
            let third = try launch(backend: server.base)
            let main3 = try XCTUnwrap(third.mainWindow)
            defer { main3.window.destroy() }
            let page3 = try XCTUnwrap(main3.coordinator(for: .facts).pages.first as? FactsPage)
            waitFor("the cards", timeout: .seconds(10)) { page3.model.state.phase == .loaded && !page3.cards.isEmpty }
            XCTAssertEqual(main3.coordinator(for: .facts).depth, 1, "no detail")
        }
    }
}
