@testable import App
import Domain
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// Answering a message: Reply in its menu quotes it above the composer, the message sent shows
/// the quote, a click on the quote (the real pointer) shows the message it answers in the chat,
/// and the reply keeps its quote at the next launch.
final class MessageReplyTests: ServerBackedTestCase {
    func testAReplyQuotesItsMessageAndTheQuoteLeadsBackToIt() throws {
        try onMain {
            let (app, page) = try openChat(width: 900, height: 600)
            waitForServer("the first page", timeout: .seconds(10)) { page.grid.items.count >= 20 }
            Task { await page.model.loadOlder() }
            waitForServer("the second page", timeout: .seconds(10)) { page.grid.items.count >= 40 }
            let answered = ChatMessage.Origin.server(number: 35)
            page.grid.focus(index: try XCTUnwrap(page.grid.index(of: answered)))
            let row = try XCTUnwrap(page.grid.cell(for: answered))
            waitFor("message 35 focused") { row.view.isFocusWidget }
            XCTAssertTrue(InputSimulation.key("Menu", on: row.view))
            waitFor("its menu") { page.contextMenu?.isMapped == true }
            XCTAssertTrue(page.contextMenu?.activateItem("Reply") == true)
            waitFor("replying") { page.composer.bar.isShown && page.entry.isFocusWidget }
            XCTAssertTrue(page.composer.bar.label.text.hasPrefix("Replying to #35: "), page.composer.bar.label.text)
            XCTAssertTrue(InputSimulation.type("Agreed", on: page.entry))
            waitFor("typed") { page.entry.text == "Agreed" }
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("the reply sent") { page.grid.items.last?.text == "Agreed" && !page.composer.bar.isShown }
            let reply = try XCTUnwrap(page.grid.items.last)
            XCTAssertEqual(reply.replyTo?.origin, answered)
            waitFor("the reply's row in view") { page.grid.cellsInView.contains { $0.message.origin == reply.origin } }
            let replyRow = try XCTUnwrap(page.grid.cell(for: reply.origin))
            XCTAssertTrue(replyRow.quoteLabel.isVisible)
            XCTAssertTrue(replyRow.quoteLabel.text.hasPrefix("↩ #35: "), replyRow.quoteLabel.text)
            XCTAssertEqual(replyRow.view.accessibleName, "Your reply: Agreed")
            waitFor("message 35 out of view") { !page.grid.cellsInView.contains { $0.message.origin == answered } }

            // The pointer on the quote, a click: message 35 comes into view, marked.
            // Where the quote will stay: the reply has slid in and the view stands still (a click
            // measured during the slide landed beside it in one CI run).
            var last: (x: Int, y: Int)?
            waitFor("the quote laid out and still") {
                let now = replyRow.quoteLabel.screenOrigin
                defer { last = now }
                return replyRow.revealer.isChildRevealed && replyRow.quoteLabel.allocation.width > 1 && now != nil
                    && now?.x == last?.x && now?.y == last?.y
            }
            // On the screen where GDK has it (the window's own origin leaves out its shadow).
            let at = try XCTUnwrap(replyRow.quoteLabel.screenOrigin)
            try xdotool(["mousemove", String(at.x + 20), String(at.y + replyRow.quoteLabel.allocation.height / 2), "click", "1"])
            waitFor("message 35 shown", timeout: .seconds(5)) {
                page.found == answered && page.grid.cellsInView.contains { $0.message.origin == answered }
            }
            app.mainWindow?.window.destroy()

            let (again, page2) = try openChat()
            defer { again.mainWindow?.window.destroy() }
            waitFor("the reply at the next launch", timeout: .seconds(10)) { page2.grid.items.last?.replyTo?.origin == answered }
        }
    }
}
