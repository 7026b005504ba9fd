@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import SimulatedInput
import XCTest

/// The server's chat grows at its head while a person pages back through it in the main window:
/// the next older page then starts with messages shown (their offsets moved). Each message shows
/// once, the numbers follow the contract (the newest is 1) and what the person reads stays put.
final class ChatGrowthTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.messageCount = 200 } }

    func testMessagesThatArriveWhileReadingShowOnceAndRenumberTheRest() throws {
        try onMain {
            let (app, page) = try openChat(width: 900, height: 600)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let timeline = { page.model.state.timeline }
            waitFor("the first page", timeout: .seconds(10)) { timeline().serverRows == 20 && page.model.state.paging != .loading }
            waitFor("a row to focus") { !page.rows.isEmpty }

            // Home goes to the oldest message loaded; near the top, the next page comes.
            page.rows.last!.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Home", on: main.window))
            waitFor("the second page", timeout: .seconds(10)) { timeline().serverRows == 40 && page.model.state.paging != .loading }
            let fortieth = try XCTUnwrap(texts(page)[40])

            // Three people write meanwhile: every message moves three places from the newest.
            server.server.messagesArrive(3)
            // Home again: the oldest loaded, message 40, is focused at the top, and stays where it
            // is in every frame drawn while the next page comes.
            var drawn: [Int] = []
            var watched: MessageRow?
            let connection = page.scroller.onDrawn {
                if let watched, let y = watched.view.origin(in: page.scroller)?.y { drawn.append(y) }
            }
            defer { page.scroller.disconnect(connection) }
            XCTAssertTrue(InputSimulation.key("Home", on: main.window))
            waitFor("message 40 focused") { page.grid.focusedCell?.message.text == fortieth }
            watched = page.grid.focusedCell
            let top = try XCTUnwrap(watched.map { rowTop($0, in: page) })
            waitFor("the third page", timeout: .seconds(10)) { timeline().serverRows > 40 && page.model.state.paging != .loading }
            let frames = drawn.count
            waitFor("a frame drawn after it") { drawn.count > frames }
            XCTAssertEqual(rowTop(try XCTUnwrap(watched), in: page), top, accuracy: 1, "the row read stays in the view's layout")
            XCTAssertLessThanOrEqual((drawn.max() ?? 0) - (drawn.min() ?? 0), 1, "the row read moved on screen: \(drawn)")
            XCTAssertEqual(page.grid.focusedCell?.message.text, fortieth, "and keeps the focus")

            XCTAssertEqual(timeline().serverRows, 60, "20 + 20 + the third page's 17 not shown before + the 3 new, each once")
            let shown = texts(page)
            XCTAssertEqual(Set(shown.values).count, shown.count, "no message twice")
            XCTAssertEqual(shown.keys.sorted(), Array(1...60), "numbers 1 to 60, no gap")
            XCTAssertEqual(shown[43], fortieth, "message 40 is message 43 now")
            // The server names them in the order they came: the newest, number 1, came last.
            XCTAssertEqual((1...3).compactMap { shown[$0] }, ["A new message (3)", "A new message (2)", "A new message (1)"])
            let renumbered = try XCTUnwrap(page.rows.first { $0.message.text == fortieth })
            XCTAssertTrue(renumbered.view.accessibleName.hasPrefix("Message 43: "), renumbered.view.accessibleName)
        }
    }

    /// The loaded server messages' texts by number: held ones, and those let go from the pages saved.
    @MainActor
    private func texts(_ page: MessagesPage) -> [Int: String] {
        var texts: [Int: String] = [:]
        for message in page.model.state.timeline.visible {
            if case .server(let number) = message.origin { texts[number] = message.text }
        }
        return texts
    }

    /// Where `row`'s top is in the view, by the layout (a recycled row's allocation follows a frame later).
    @MainActor
    private func rowTop(_ row: MessageRow, in page: MessagesPage) -> Double {
        guard let index = page.grid.index(of: row.message.id) else { return .nan }
        return page.grid.layout.frame(at: index).y - page.adjustment.value
    }
}
