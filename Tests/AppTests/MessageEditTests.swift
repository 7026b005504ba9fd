@testable import App
import Domain
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// Correcting one's own message: Edit in its menu puts its text in the composer, Enter keeps the
/// correction (in the database: the next launch shows it), the row says "edited", the draft the
/// composer held comes back; Escape gives an edit up; a server's message has no Edit.
final class MessageEditTests: ServerBackedTestCase {
    func testEditChangesTheMessageKeepsItAndGivesTheDraftBack() throws {
        try onMain {
            let (app, page) = try openChat()
            waitForServer("the first page", timeout: .seconds(10)) { page.rows.contains { !$0.message.isLocal } }
            waitFor("the composer focused", timeout: .seconds(5)) { page.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.type("See you at 10", on: page.entry))
            waitFor("typed") { page.entry.text == "See you at 10" }
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("sent") { page.rows.last?.message.text == "See you at 10" && page.entry.text.isEmpty }
            XCTAssertTrue(InputSimulation.type("half a draft", on: page.entry))
            waitFor("a draft") { page.entry.text == "half a draft" }

            // A server's message has no Edit.
            // One in view: focusing a row far up would scroll the chat, and with it the rows held.
            let theirs = try XCTUnwrap(page.grid.cellsInView.last { !$0.message.isLocal })
            theirs.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Menu", on: theirs.view))
            waitFor("its menu") { page.contextMenu?.isMapped == true }
            XCTAssertFalse(page.contextMenu?.itemLabels.contains("Edit") ?? true)
            page.contextMenu?.close()

            let mine = try XCTUnwrap(page.rows.first { $0.message.isLocal && $0.message.text == "See you at 10" })
            mine.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Menu", on: mine.view))
            waitFor("my message's menu") { page.contextMenu?.isMapped == true }
            XCTAssertTrue(page.contextMenu?.activateItem("Edit") == true)
            waitFor("the composer holds it") { page.entry.text == "See you at 10" && page.composer.bar.isShown && page.entry.isFocusWidget }
            XCTAssertEqual(page.entry.cursorPosition, "See you at 10".count)
            XCTAssertTrue(InputSimulation.type(":30", on: page.entry))
            waitFor("corrected") { page.entry.text == "See you at 10:30" }
            XCTAssertTrue(InputSimulation.key("Return", on: page.entry))
            waitFor("the row corrected") { page.rows.last?.message.text == "See you at 10:30" }
            let row = try XCTUnwrap(page.rows.last)
            XCTAssertEqual(row.view.accessibleName, "Your message, edited: See you at 10:30")
            waitFor("the draft back") { page.entry.text == "half a draft" && !page.composer.bar.isShown }
            XCTAssertEqual(page.rows.filter(\.message.isLocal).count, 1, "corrected, not sent again")

            // Escape gives an edit up: the message stays, the draft comes back.
            row.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Menu", on: row.view))
            waitFor("the menu again") { page.contextMenu?.isMapped == true }
            XCTAssertTrue(page.contextMenu?.activateItem("Edit") == true)
            waitFor("editing") { page.composer.bar.isShown && page.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.key("Escape", on: page.entry))
            waitFor("given up") { !page.composer.bar.isShown && page.entry.text == "half a draft" }
            XCTAssertEqual(page.rows.last?.message.text, "See you at 10:30")
            app.mainWindow?.window.destroy()

            let (again, page2) = try openChat()
            defer { again.mainWindow?.window.destroy() }
            waitFor("the corrected message at the next launch", timeout: .seconds(10)) {
                page2.rows.last?.message.text == "See you at 10:30" && page2.rows.last?.message.editedAt != nil
            }
        }
    }
}
