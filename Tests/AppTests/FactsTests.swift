@testable import App
import Domain
import Foundation
import Persistence
import Gtk
import TestSupport
import XCTest
import SimulatedInput

/// The facts section in the real app against a real tessera-server.
final class FactsTests: FactsTestCase {
    func testFeedTitleNamesTheSectionAndCardsAreNamedForScreenReaders() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1000, height: 700)
            defer { app.mainWindow?.window.destroy() }
            XCTAssertEqual(app.mainWindow?.headerBar.subtitle, "About Canada")
            XCTAssertTrue(app.mainWindow?.refreshButton.isVisible == true)
            XCTAssertEqual(page.cards.first?.view.accessibleName,
                           "Beavers: Beavers are second only to humans in how much they reshape the land they live on.")
            XCTAssertEqual(page.cards.first?.view.accessibleDescription, "Fact 1 of 13", "its place in the feed")
            XCTAssertEqual(page.cards.first { $0.fact.title == "Flag" }?.view.accessibleName, "Flag")
            XCTAssertFalse(page.model.state.facts.map(\.title).contains(nil as String?), "the all-null row is skipped")
            // The cards further down are named as they come into view: End, as a person would.
            let first = try XCTUnwrap(page.cards.first)
            first.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("End", on: first.view))
            waitFor("the last card focused") { page.grid.focusedCell?.fact.title == "Language" }
            XCTAssertEqual(page.grid.focusedCell?.view.accessibleDescription, "Fact 13 of 13")
            XCTAssertEqual(page.cards.first { $0.fact.title == "Kittens..." }?.view.accessibleName,
                           "Kittens...: Éare illegal. Cats are fine.")
        }
    }

    func testCardsFollowTheirImagesAspectRatiosAndStayInsideTheGrid() throws {
        try onMain {
            for (width, height) in [(1400, 2000), (360, 2000)] {
                let (app, page) = try openFacts(width: width, height: height)
                defer { app.mainWindow?.window.destroy() }
                waitForServer("the images in view", timeout: .seconds(10)) {
                    page.isSettled && page.cards.filter { $0.aspect != nil }.count >= 3
                }
                waitFor("the cards laid out") {
                    page.cards.allSatisfy { card in
                        guard let aspect = card.aspect else { return true }
                        let frame = page.cardFrames[page.cards.firstIndex { $0 === card }!]
                        return abs(Double(frame.height - FactCard.captionHeight) - (Double(frame.width) / aspect).rounded()) <= 1
                    }
                }
                let frames = page.cardFrames
                var checked = 0
                for (card, frame) in zip(page.cards, frames) {
                    XCTAssertGreaterThanOrEqual(frame.x, 0)
                    XCTAssertLessThanOrEqual(frame.x + frame.width, page.gridWidth, "\(card.fact.displayTitle) leaves the grid")
                    guard let title = card.fact.title, let size = imageSizes[title], card.aspect != nil else { continue }
                    let expected = Double(frame.width) * size.1 / size.0
                    XCTAssertEqual(Double(frame.height - FactCard.captionHeight), expected, accuracy: 2, "\(title) at \(width) px")
                    // The title in its band under the picture, not over it.
                    let picture = card.image.picture.allocation, caption = card.caption.allocation
                    XCTAssertEqual(Double(picture.height), expected, accuracy: 2, "\(title)'s picture at \(width) px")
                    XCTAssertGreaterThanOrEqual(caption.y, picture.y + picture.height, "\(title)'s caption under its picture")
                    checked += 1
                }
                XCTAssertGreaterThanOrEqual(checked, 3, "at \(width) px")
                XCTAssertGreaterThan(Set(frames.map(\.height)).count, 3, "cards differ in height")
            }
        }
    }

    /// The screenshot mode captures a page once it says it is settled: through a resize, the
    /// cards must never be called settled while they still stand where the old width put them.
    func testCardsAreNotSettledUntilTheyAreLaidOutAtTheNewWidth() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1400, height: 900)
            defer { app.mainWindow?.window.destroy() }
            let main = try XCTUnwrap(app.mainWindow)
            waitForServer("the images in view", timeout: .seconds(10)) { page.isSettled }
            XCTAssertGreaterThan(Set(page.cardFrames.map(\.x)).count, 3, "four columns at 1400 px")
            main.window.resize(width: 760, height: 900)
            var staleWhileSettled: [String] = []
            var steps = 0
            // Every turn of the main loop is looked at, from the resize until the cards fit.
            let fitted = GtkRuntime.iterate(until: {
                steps += 1
                let width = page.gridWidth
                let outside = zip(page.cards, page.cardFrames).filter { $0.1.x + $0.1.width > width }
                if page.isSettled, !outside.isEmpty {
                    staleWhileSettled.append("step \(steps): \(outside.count) cards past \(width) px")
                }
                return main.window.size.width < 1000 && page.isSettled && outside.isEmpty
            }, timeout: .seconds(10))
            XCTAssertTrue(fitted, "the cards fit the narrower window")
            XCTAssertEqual(staleWhileSettled, [], "settled while the cards stood at the old width")
        }
    }

    func testOnlyCardsNearTheViewAskForTheirImages() throws {
        try onMain {
            let (app, page) = try openFacts(width: 900, height: 420)
            defer { app.mainWindow?.window.destroy() }
            let withLinks = page.model.state.facts.filter { $0.imageURL != nil }.count
            XCTAssertEqual(withLinks, 11)
            waitForServer("the first images") { page.isSettled && !imageRequests.isEmpty }
            let early = Set(imageRequests)
            XCTAssertLessThan(early.count, withLinks, "images far below the view were asked for: \(early)")
            XCTAssertFalse(early.contains("/facts/images/language.png"), "the last card's image was asked for at once")
            // Scrolling down a screen at a time, as a person would, looking at each screen until
            // its pictures show, until the end stays the end (heights settle as images arrive). A
            // card passed by before it was looked at lets go of its picture unasked.
            waitForServer("every image once scrolled", timeout: .seconds(20)) {
                if page.isSettled { page.scroll.value = min(page.scroll.value + page.scroll.pageSize, page.scroll.maximumValue) }
                return Set(imageRequests).count == withLinks
            }
            XCTAssertEqual(imageRequests.count, withLinks, "each image was asked for once: \(imageRequests.sorted())")
        }
    }

    func testTypingOverTheCardsSearchesThemAndEscapeShowsEveryCardWhereItWas() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1000, height: 500)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the cards settled", timeout: .seconds(10)) { page.isSettled }
            @MainActor func shownTitles() -> [String] {
                page.grid.items.map { page.model.state.facts[$0.index].title ?? "" }
            }
            // A card further down has the focus, the view scrolled to it.
            page.grid.focus(index: 9)
            waitFor("the card focused and in view") { page.grid.focusedCell?.item.index == 9 && page.scroll.value > 0 }
            waitFor("settled there") { page.isSettled }
            // Where the focused card stands in the view (its place in the grid may move as
            // pictures above it change their cards' heights; the view follows it).
            let place = page.grid.layout.frame(at: 9).y - page.scroll.value

            XCTAssertTrue(InputSimulation.type("canada", on: main.window))
            waitFor("the search open with what was typed") { page.search.entry.isFocusWidget && page.search.entry.text == "canada" }
            waitFor("the cards that say Canada") { shownTitles() == ["Transportation", "Hockey Night in Canada", "Space Program", "Meese"] }
            waitFor("their cards made and named") { page.cards.count == 4 }
            XCTAssertEqual(Set(page.cards.map(\.view.accessibleDescription)), Set((1...4).map { "Fact \($0) of 4" }),
                           "the cards found numbered among themselves for screen readers")
            XCTAssertTrue(InputSimulation.key("Down", on: main.window))
            waitFor("the first card found focused") { page.grid.focusedCell?.item.index == 2 }

            XCTAssertTrue(InputSimulation.type("z", on: main.window))
            waitFor("the search focused again with the letter") { page.search.entry.text == "canadaz" }
            waitFor("nothing found, in words") { page.nothingFound.widget.isMapped && page.grid.items.isEmpty }
            XCTAssertEqual(page.nothingFound.view.title, "No facts found")

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("every card again") { page.grid.items.count == 13 && !page.nothingFound.widget.isMapped }
            XCTAssertFalse(page.search.widget.isOpen)
            waitFor("the focused card again") { page.grid.focusedCell?.item.index == 9 }
            waitFor("settled") { page.isSettled }
            XCTAssertEqual(page.grid.layout.frame(at: 9).y - page.scroll.value, place, accuracy: 1, "the focused card where it was in the view")
        }
    }

    /// The header bar's Search works while the feed is still on its way: the band opens over the
    /// loading page, takes what is typed, and the cards that come are the ones it finds.
    func testTheSearchOpensWhileTheFeedLoadsAndFindsTheCardsThatCome() throws {
        try onMain {
            let port = server.port
            stop(server)
            server = try startServer { $0.port = port; $0.heldFacts = ["facts.json"] }
            let app = try launch(backend: server.base, section: .facts)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitForServer("the feed asked for", timeout: .seconds(10)) { server.server.factsGate.waitingCount(for: "facts.json") > 0 }
            let page = try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage)
            waitFor("Loading facts… with Search in the header bar") { main.searchButton.isMapped && page.widget.isMapped }
            XCTAssertNotEqual(page.model.state.phase, .loaded)
            clickWhenSteady(main.searchButton, in: main.window)
            waitFor("the search open and focused") { page.search.entry.isMapped && page.search.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.type("canada", on: main.window))
            waitFor("typed") { page.search.entry.text == "canada" }

            server.server.factsGate.release("facts.json")
            waitFor("the cards that say Canada", timeout: .seconds(10)) {
                page.model.state.phase == .loaded && page.grid.items.map { page.model.state.facts[$0.index].title ?? "" }
                    == ["Transportation", "Hockey Night in Canada", "Space Program", "Meese"]
            }
            XCTAssertTrue(page.search.entry.isFocusWidget, "the focus stays where the typing goes")
        }
    }

    /// A picture that arrives while a search shows other cards changes the height of a card above
    /// the focused one: when the search closes, the focused card is where it was in the view all
    /// the same (the view follows it, not the old scroll offset).
    func testAPictureArrivingDuringASearchLeavesTheFocusedCardWhereItWas() throws {
        try onMain {
            // Transportation's picture (a portrait, its card 4:3 until it comes) held by the server.
            let port = server.port
            stop(server)
            server = try startServer { $0.port = port; $0.heldFacts = ["train.jpg"] }
            let (app, page) = try openFacts(width: 1000, height: 500)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            @MainActor func card(_ title: String) -> FactCard? { page.cards.first { $0.fact.title == title } }
            // Geography focused, the view scrolled down to it: Transportation, above it in the same
            // column, out of view, still waiting for its picture.
            let geography = try XCTUnwrap(page.model.state.facts.firstIndex { $0.title == "Geography" })
            let transportation = try XCTUnwrap(page.model.state.facts.firstIndex { $0.title == "Transportation" })
            page.grid.focus(index: geography)
            waitFor("the card focused and in view") { page.grid.focusedCell?.item.index == geography && page.scroll.value > 0 }
            waitFor("settled there", timeout: .seconds(10)) { page.isSettled }
            XCTAssertEqual(page.grid.layout.frame(at: transportation).x, page.grid.layout.frame(at: geography).x, "the same column")
            XCTAssertLessThan(page.grid.layout.frame(at: transportation).y, page.grid.layout.frame(at: geography).y)
            XCTAssertNil(card("Transportation")?.aspect)
            let place = page.grid.layout.frame(at: geography).y - page.scroll.value

            // A search shows Transportation, and its picture arrives meanwhile.
            XCTAssertTrue(InputSimulation.type("canada", on: main.window))
            waitFor("the cards that say Canada") { page.grid.items.count == 4 && page.search.entry.text == "canada" }
            waitForServer("Transportation's picture asked for") { server.server.factsGate.waitingCount(for: "train.jpg") > 0 }
            server.server.factsGate.release("train.jpg")
            waitFor("its card taller, as its picture", timeout: .seconds(10)) { card("Transportation")?.aspect != nil && page.isSettled }

            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("every card again") { page.grid.items.count == 13 }
            waitFor("Geography focused again") { page.grid.focusedCell?.item.index == geography }
            waitFor("settled") { page.isSettled }
            XCTAssertEqual(page.grid.layout.frame(at: geography).y - page.scroll.value, place, accuracy: 1,
                           "the focused card where it was in the view")
        }
    }

    /// A row whose picture is missing or cannot be loaded says so in words under the broken-picture
    /// icon; the cards whose pictures came say nothing of the kind.
    func testAMissingPictureIsSaidInWords() throws {
        try onMain {
            let (app, page) = try openFacts(width: 1100, height: 2000)
            defer { app.mainWindow?.window.destroy() }
            waitForServer("the pictures in view", timeout: .seconds(10)) { page.isSettled }
            let pictured = page.cards.filter { $0.fact.hasPicture }
            let missing = pictured.filter { !$0.image.showsImage }
            XCTAssertFalse(missing.isEmpty, "the feed has rows whose pictures cannot be shown")
            for card in missing {
                XCTAssertTrue(card.unavailable.isMapped, "\(card.fact.displayTitle) says its picture is unavailable")
                XCTAssertEqual(card.unavailable.text, "Picture unavailable")
            }
            for card in pictured where card.image.showsImage {
                XCTAssertFalse(card.unavailable.isMapped, "\(card.fact.displayTitle) shows its picture")
            }
        }
    }
}
