@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import Persistence
import SimulatedInput
import TestSupport
import XCTest

/// Facts feeds as long as a blog's or a news site's, from the fixture server: the section opens,
/// goes to the end and back and follows the window's width with the main loop answering, and a
/// relaunch without the backend shows the saved copy whole.
final class LongFactsFeedTests: ServerBackedTestCase {
    /// The longest the main loop may take to answer while the section works through a long feed,
    /// in milliseconds: a few frames of the debug build the tests run, on a loaded machine (a
    /// feed of 100,000 rows is handed to the grid in some 90 ms of it; the release build's frames
    /// are `tessera-bench facts`'s business). Before the cards were recycled, a feed of 7,000 rows
    /// kept the main loop from answering for 13 seconds.
    static let longestAnswer = 250.0

    func testTenThousandRows() throws {
        try check(rows: 10_000)
    }

    func testAHundredThousandRows() throws {
        try check(rows: 100_000)
    }

    /// The fixture's rows past its first 14 repeat them: one in 14 has every field null and is
    /// skipped.
    private func kept(_ rows: Int) -> Int { rows - (rows + 6) / 14 }

    private func check(rows: Int) throws {
        try onMain {
            stop(server)
            server = try startServer { $0.factsRows = rows }
            let app = try launch(backend: server.base)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 1200, height: 800)
            let probe = MainLoopProbe.start()
            main.show(.facts, transition: .none)
            let page = try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage)
            waitForServer("the feed", timeout: .seconds(120)) { page.grid.items.count == kept(rows) }
            waitForServer("the first cards settled", timeout: .seconds(30)) { page.isSettled }
            XCTAssertLessThan(page.cards.count, 60, "cards only near the view")
            assertCardsFollowTheirPictures(page)

            // To the end and back, with the keyboard, as a person would.
            let first = try XCTUnwrap(page.cards.first)
            first.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("End", on: first.view))
            waitForServer("the last card", timeout: .seconds(30)) {
                page.grid.focusedCell?.item.index == kept(rows) - 1 && page.isSettled
            }
            XCTAssertEqual(page.grid.focusedCell?.view.accessibleDescription, "Fact \(kept(rows)) of \(kept(rows))")
            let lastFrame = try XCTUnwrap(page.grid.focusedCell.flatMap { page.grid.index(of: $0.item.id) }.map(page.grid.layout.frame(at:)))
            XCTAssertGreaterThanOrEqual(lastFrame.y, page.scroll.value, "the last card in view")
            XCTAssertLessThanOrEqual(lastFrame.y + min(lastFrame.height, page.scroll.pageSize - 12), page.scroll.value + page.scroll.pageSize,
                                     "the last card in view, whole when it fits, after its picture made it taller")
            assertCardsFollowTheirPictures(page)
            let last = try XCTUnwrap(page.grid.focusedCell)
            XCTAssertTrue(InputSimulation.key("Home", on: last.view))
            waitForServer("the first card", timeout: .seconds(30)) { page.grid.focusedCell?.item.index == 0 && page.isSettled }
            XCTAssertLessThanOrEqual(page.scroll.value, page.grid.layout.frame(at: 0).y, "back at the top")

            // Narrower and wider: the columns follow, the cards in view keep their pictures' shapes.
            for width in [700, 1400] {
                main.window.resize(width: width, height: 800)
                waitForServer("the window \(width) wide", timeout: .seconds(30)) {
                    main.window.size.width == width && page.gridWidth <= width && page.isSettled
                }
                assertCardsFollowTheirPictures(page)
            }
            let answers = probe.stop()
            XCTAssertGreaterThan(answers.questions, 20)
            XCTAssertLessThan(answers.longest, Self.longestAnswer, "the main loop kept answering with \(rows) rows")
            let shownCount = page.grid.items.count
            main.window.destroy()
            // Some time later: the feed received is saved whole.
            waitForServer("the feed saved", timeout: .seconds(120)) { savedFacts() == shownCount }

            // The saved copy, whole, with the backend gone.
            let port = server.port
            stop(server)
            let again = try launch(backend: URL(string: "http://127.0.0.1:\(port)/")!)
            let offlineMain = try XCTUnwrap(again.mainWindow)
            defer { offlineMain.window.destroy() }
            offlineMain.show(.facts, transition: .none)
            let offline = try XCTUnwrap(offlineMain.coordinator(for: .facts).pages.first as? FactsPage)
            waitForServer("the saved feed", timeout: .seconds(60)) { offline.grid.items.count == shownCount && !offline.cards.isEmpty }
            waitFor("the offline banner", timeout: .seconds(20)) { offline.isBannerVisible }
            XCTAssertEqual(offline.cards.first?.view.accessibleDescription, "Fact 1 of \(shownCount)")
        }
    }

    /// Every card in view whose picture has loaded is as tall as the picture across its column
    /// (or as its caption needs), and inside the grid.
    @MainActor
    private func assertCardsFollowTheirPictures(_ page: FactsPage, file: StaticString = #filePath, line: UInt = #line) {
        let frames = page.cardFrames
        var checked = 0
        for (card, frame) in zip(page.cards, frames) {
            XCTAssertLessThanOrEqual(frame.x + frame.width, page.gridWidth, "\(card.fact.displayTitle) leaves the grid", file: file, line: line)
            guard let aspect = card.aspect else { continue }
            let height = (Double(frame.width) / aspect).rounded() + Double(FactCard.captionHeight)
            XCTAssertGreaterThanOrEqual(Double(frame.height), height - 2, "\(card.fact.displayTitle)", file: file, line: line)
            if Double(frame.height) > height + 2 {
                XCTAssertLessThan(height - Double(FactCard.captionHeight), 80, "only a picture too flat for its icon is taller: \(card.fact.displayTitle)", file: file, line: line)
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0, "pictures shown", file: file, line: line)
    }
}
