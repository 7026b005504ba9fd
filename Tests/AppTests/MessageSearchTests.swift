@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// The chat's search in the real app, over a real SQLite file's full-text index, with real keys:
/// Ctrl+F, a word typed, the messages found listed with their numbers, Down and Enter show the
/// one chosen on screen, marked; case and accents do not matter; Escape closes and keeps the place.
final class MessageSearchTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void {
        {
            $0.messageCount = 200
            $0.messageTexts = [3: "Lunch at the CAFÉ on Friday?",
                               57: "Встреча в кафе «Ёлка» в пятницу",
                               58: "Ёлка стоит до января",
                               120: "Nothing to see here",
                               150: "A kangaroo was seen near the river"]
        }
    }

    @MainActor
    private func numbers(_ page: MessagesPage) -> [Int] {
        page.grid.items.compactMap { if case .server(let number) = $0.origin { number } else { nil } }
    }

    func testCtrlFFindsAWordAndEnterShowsItsMessageInTheChat() throws {
        try onMain {
            let (app, page) = try openChat(width: 900, height: 700)
            defer { app.mainWindow?.window.destroy() }
            let window = try XCTUnwrap(app.mainWindow?.window)
            waitForServer("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            // Three pages seen (they are kept, and so searchable), the view back at the newest.
            for pages in 2...3 {
                Task { await page.model.loadOlder() }
                waitForServer("page \(pages)", timeout: .seconds(10)) { numbers(page).count == pages * 20 }
            }
            page.grid.scrollToEnd()
            waitFor("the newest in view") { page.grid.cellsInView.contains { $0.message.origin == .server(number: 1) } }
            let place = page.adjustment.value

            waitFor("the composer focused", timeout: .seconds(5)) { page.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.key("f", modifiers: .control, on: page.entry))
            waitFor("the search open") { page.search.isOpen && page.search.entry.isFocusWidget }
            // Typed at once, while the bar is still coming in: no key is lost.
            XCTAssertTrue(InputSimulation.type("ab", on: page.entry))
            waitFor("what was typed in the search") { page.search.entry.text == "ab" }
            // Russian letters are not on the test keyboard: put in as an input method would.
            page.search.entry.text = "ЁЛКА"
            waitForServer("two found", timeout: .seconds(5)) { page.search.hits.count == 2 }
            XCTAssertEqual(page.search.hits.map(\.origin), [.server(number: 57), .server(number: 58)], "newest first")
            XCTAssertEqual(page.search.status.text, "2 messages found")
            XCTAssertEqual(page.search.results.selectedIndex, 0)
            XCTAssertTrue(InputSimulation.key("Down", on: page.search.entry))
            waitFor("the second chosen") { page.search.results.selectedIndex == 1 }
            XCTAssertTrue(InputSimulation.key("Return", on: page.search.entry))
            waitFor("message 58 shown") { page.found == .server(number: 58) }
            waitFor("its row on screen") {
                page.grid.cellsInView.contains { $0.message.origin == .server(number: 58) && $0.view.hasStyleClass("search-found") }
            }
            XCTAssertTrue(page.search.entry.isFocusWidget, "the search keeps the keys")

            // Case and accents do not matter: "cafe" finds "CAFÉ"; typed with keys.
            page.search.entry.text = ""
            XCTAssertTrue(InputSimulation.type("cafe fri", on: page.search.entry))
            waitForServer("one found", timeout: .seconds(5)) { page.search.hits.map(\.origin) == [.server(number: 3)] }
            XCTAssertEqual(page.search.status.text, "1 message found")
            let row = try XCTUnwrap(page.search.results.selectedIndex)
            XCTAssertEqual(row, 0)
            XCTAssertEqual(MessageSearchBar.spoken(page.search.hits[0]), "Message 3: Lunch at the CAFÉ on Friday?")
            page.search.entry.text = "nowhere to be found"
            waitForServer("none found", timeout: .seconds(5)) { page.search.hits.isEmpty && page.search.status.text == "No messages found" }

            let before = page.adjustment.value
            XCTAssertTrue(InputSimulation.key("Escape", on: page.search.entry))
            waitFor("the search closed") { !page.search.isOpen }
            XCTAssertEqual(page.adjustment.value, before, "the chat stays where the search left it")
            XCTAssertNotEqual(before, place, "the search had moved the chat to message 58")
            waitFor("the composer has the keys") { page.entry.isFocusWidget }
        }
    }

    /// A word in a message not seen yet (page 8, message 150): the search finds nothing, offers to
    /// look through older messages, pages back through the server saying how many are loaded, and
    /// stops at the page that has it; Enter shows it on screen with its number.
    func testSearchOlderMessagesPagesBackToAWordNotSeenYet() throws {
        try onMain {
            let (app, page) = try openChat(width: 900, height: 700)
            defer { app.mainWindow?.window.destroy() }
            waitForServer("the first page", timeout: .seconds(10)) { numbers(page).count == 20 }
            waitFor("the composer focused", timeout: .seconds(5)) { page.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.key("f", modifiers: .control, on: page.entry))
            waitFor("the search open") { page.search.isOpen && page.search.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.type("kangaroo", on: page.search.entry))
            waitForServer("nothing found among the messages seen", timeout: .seconds(5)) {
                page.search.status.text == "No messages found" && page.search.olderButton.isVisible
            }
            XCTAssertEqual(page.search.olderButton.label, "Search Older Messages")
            page.search.olderButton.click()
            var progress: Set<String> = []
            waitForServer("message 150 found", timeout: .seconds(30)) {
                if page.search.isSearchingOlder { progress.insert(page.search.status.text) }
                return page.search.hits.map(\.origin) == [.server(number: 150)]
            }
            XCTAssertTrue(progress.contains { $0.hasPrefix("Looking through older messages: ") }, "\(progress)")
            XCTAssertEqual(numbers(page).count, 160, "paged back to the page that has it, and no further")
            XCTAssertEqual(page.search.status.text, "1 message found")
            XCTAssertTrue(InputSimulation.key("Return", on: page.search.entry))
            waitFor("message 150 on screen", timeout: .seconds(5)) {
                page.found == .server(number: 150) && page.grid.cellsInView.contains { $0.message.origin == .server(number: 150) }
            }
            let row = try XCTUnwrap(page.grid.cell(for: .server(number: 150)))
            XCTAssertEqual(row.view.accessibleName, "Message 150: A kangaroo was seen near the river")
        }
    }

    /// The senders found stand in a column, right-aligned, so the texts start in line.
    func testTheTextsFoundStartInLine() throws {
        try onMain {
            let bar = MessageSearchBar()
            let window = Window()
            window.add(bar.widget)
            window.setDefaultSize(width: 600, height: 400)
            window.showAll()
            defer { window.destroy() }
            bar.open()
            let snippet = "a \(MessageSearchHit.markStart)word\(MessageSearchHit.markEnd) b"
            let origins: [ChatMessage.Origin] = [.server(number: 5), .server(number: 12), .server(number: 107), .local(id: 1)]
            bar.show(origins.map { MessageSearchHit(origin: $0, snippet: snippet) })
            waitFor("the texts laid out") { bar.foundTexts.count == 4 && bar.foundTexts.allSatisfy { $0.allocation.width > 1 } }
            let starts = bar.foundTexts.compactMap { $0.origin(in: bar.widget)?.x }
            XCTAssertEqual(starts.count, 4)
            XCTAssertEqual(Set(starts).count, 1, "the texts start at \(starts)")
        }
    }

    /// A word found is bold only as far as the typed word: "the" in "they", as a person typed it.
    func testOnlyWhatWasTypedIsBold() throws {
        try onMain {
            let bar = MessageSearchBar()
            let window = Window()
            window.add(bar.widget)
            window.showAll()
            defer { window.destroy() }
            bar.open()
            bar.entry.text = "the CAFE"
            let (start, end) = (MessageSearchHit.markStart, MessageSearchHit.markEnd)
            bar.show([MessageSearchHit(origin: .server(number: 5), snippet: "\(start)They\(end) met at the \(start)café\(end) & \(start)the\(end) end")])
            XCTAssertEqual(bar.foundTexts.map(\.markup), ["<b>The</b>y met at the <b>café</b> &amp; <b>the</b> end"])
        }
    }
}
