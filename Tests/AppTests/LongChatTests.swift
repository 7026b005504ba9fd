@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// A chat scrolled up far: the messages far below the view are let go with their rows kept, and
/// they come back from the saved pages, in their rows, when the view goes down to them again
/// (Ctrl+End, Page Down); the top is let go in its turn.
final class LongChatTests: ServerBackedTestCase {
    static let messages = 3_000
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.messageCount = LongChatTests.messages } }

    private var pagesAsked: Int { server.requestedPaths.filter { $0.hasPrefix("/getMessages") }.count }

    /// Every row with a widget in view stands where the whole chat puts its message, shows that
    /// message's text, and the rows run in order with none missing.
    @MainActor
    private func checkRowsInView(_ page: MessagesPage, _ step: String) throws {
        let timeline = page.model.state.timeline
        let top = page.adjustment.value, bottom = top + page.adjustment.pageSize
        let rows = page.rows.filter { row in
            guard let index = page.grid.index(of: row.message.id) else { return false }
            let frame = page.grid.layout.frame(at: index)
            return frame.y + frame.height > top && frame.y < bottom
        }
        XCTAssertFalse(rows.isEmpty, "\(step): rows in view")
        var last: Int?
        for row in rows {
            guard case .server(let number) = row.message.origin else { continue }
            let place = try XCTUnwrap(timeline.row(ofNumber: number), "\(step): message \(number) has a row")
            let index = try XCTUnwrap(page.grid.index(of: row.message.id))
            XCTAssertEqual(page.grid.layout.frame(at: index), page.grid.layout.rowFrame(place),
                           "\(step): message \(number) in row \(place)")
            XCTAssertTrue(row.message.text.hasSuffix("(\(number))"), "\(step): message \(number) shows its own text")
            if let last { XCTAssertEqual(number, last - 1, "\(step): the rows in order, none missing") }
            last = number
        }
        XCTAssertEqual(page.adjustment.upper, page.grid.layout.contentHeight.rounded(.up), accuracy: 1,
                       "\(step): the scroll bar spans the whole chat")
    }

    func testMessagesFarFromTheViewAreLetGoAndComeBackInTheirRows() throws {
        try onMain {
            let (app, page) = try openChat(width: 900, height: 600)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first page", timeout: .seconds(10)) { page.model.state.timeline.nextOffset >= 20 && page.model.state.paging != .loading }

            // Up through 1,500 messages, each page asked for by going to the top.
            while page.model.state.timeline.nextOffset < 1_500 {
                let loaded = page.model.state.timeline.nextOffset
                page.adjustment.value = 0
                waitForServer("the page after \(loaded)") {
                    page.model.state.timeline.nextOffset > loaded && page.model.state.paging != .loading
                }
            }
            waitFor("the messages far below let go") {
                page.model.state.timeline.releasedBelow > 0
                    && page.model.state.timeline.heldServerCount <= MessagesPage.keptAround * 2 + MessagesPage.releaseStep + 40
            }
            waitFor("the top shown", timeout: .seconds(10)) { page.grid.isLoaded }
            try checkRowsInView(page, "at the top")

            // Ctrl+End: the newest message at the bottom, read back from the saved pages (no page
            // asked of the server), and the top let go in its turn.
            let asked = pagesAsked
            page.entry.grabFocus()
            waitFor("the window active") { main.window.isActive }
            XCTAssertTrue(InputSimulation.key("End", modifiers: [.control], on: main.window))
            waitFor("the newest message back at the bottom", timeout: .seconds(20)) {
                guard let last = page.grid.items.last, last.origin == .server(number: 1),
                      let row = page.grid.cell(for: last.id) else { return false }
                return row.view.isMapped && page.grid.isLoaded
                    && page.adjustment.value >= page.adjustment.upper - page.adjustment.pageSize - 1
            }
            waitFor("the top let go") { page.model.state.timeline.releasedAbove > 0 && page.model.state.timeline.releasedBelow == 0 }
            try checkRowsInView(page, "at the bottom")
            XCTAssertEqual(pagesAsked, asked, "read back from the saved pages")

            // Page Up from a message, screen after screen, past where the messages were let go:
            // every screen shows its rows, in order, in their places.
            page.grid.focus(index: page.grid.items.count - 1)
            waitFor("the newest message focused") { page.grid.focusedCell != nil }
            let far = page.model.state.timeline.serverRows - MessagesPage.keptAround - MessagesPage.releaseStep * 2
            var screen = 0
            while page.grid.layout.rows(from: page.adjustment.value, to: page.adjustment.value + 1).lowerBound > far {
                screen += 1
                let value = page.adjustment.value
                XCTAssertTrue(InputSimulation.key("Page_Up", on: main.window))
                waitFor("screen \(screen) up", timeout: .seconds(10)) { page.adjustment.value < value - 1 && page.grid.isLoaded }
                try checkRowsInView(page, "screen \(screen) up")
            }
            waitFor("the newest let go again, far below") { page.model.state.timeline.releasedBelow >= MessagesPage.releaseStep }
            XCTAssertEqual(pagesAsked, asked, "nothing asked of the server")
            XCTAssertEqual(page.model.state.timeline.serverRows, page.model.state.timeline.nextOffset, "every message loaded has its row")
        }
    }
}
