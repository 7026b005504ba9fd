@testable import App
import Foundation
import GRDB
import Gtk
import Persistence
import SimulatedInput
import TestSupport
import XCTest

/// The chat composer's draft survives what ends the app: kept as it is typed, it is in the
/// composer at the next launch, the caret at its end; a quit keeps it too, and sending clears it.
final class DraftTests: ServerBackedTestCase {
    /// What `sql` counts or reads in the app's database, read beside the app through a read-only
    /// connection of its own (WAL lets both at once; a connection that migrates would take the
    /// app's write lock).
    private func read(_ sql: String) throws -> String? {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        let file = AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")
        let queue = try DatabaseQueue(path: file.path, configuration: configuration)
        return try queue.read { db in try String.fetchOne(db, sql: sql) }
    }

    /// The draft the database holds.
    private func storedDraft() -> String? { (try? read("SELECT text FROM draft")) ?? nil }

    /// Typed with real key events, the draft is in the database file within a second, with no
    /// quit: a kill or a crash from then on loses nothing. The window then goes as a crash takes
    /// it (no close, nothing finished), and the next launch has the draft in the composer, the
    /// caret at its end: a key typed next goes after it.
    func testADraftIsKeptAsItIsTypedAndIsThereAtTheNextLaunch() throws {
        // Letters the test keyboard has (the keys of a Russian layout are not on it; Russian words
        // are kept as any text is: the view-model's tests).
        let typed = "Half a thought, then"
        try onMain {
            let (app, page) = try openChat()
            waitFor("the composer focused", timeout: .seconds(10)) { page.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.type(typed, on: page.entry))
            waitForServer("the draft kept", timeout: .seconds(10)) { self.storedDraft() == typed }
            XCTAssertFalse(app.isFinishingBeforeExit, "kept as it was typed, not at a close")
            app.mainWindow?.window.destroy()

            let (again, page2) = try openChat()
            defer { again.mainWindow?.window.destroy() }
            waitFor("the draft in the composer", timeout: .seconds(10)) { page2.entry.text == typed }
            waitFor("the composer focused", timeout: .seconds(10)) { page2.entry.isFocusWidget }
            XCTAssertEqual(page2.entry.cursorPosition, typed.count, "the caret at its end")
            // Away to the gallery and back: the composer takes the focus again without selecting
            // the draft, so the next key goes after it instead of replacing it.
            let main = try XCTUnwrap(again.mainWindow)
            XCTAssertTrue(InputSimulation.key("1", modifiers: .control, on: main.window))
            waitFor("the gallery") { !page2.entry.isMapped }
            XCTAssertTrue(InputSimulation.key("4", modifiers: .control, on: main.window))
            waitFor("the chat again") { page2.entry.isMapped && page2.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.type("!", on: page2.entry))
            waitFor("the key after the draft") { page2.entry.text == typed + "!" }
        }
    }

    func testAQuitKeepsTheDraftAndSendingClearsIt() throws {
        try onMain {
            let (app, page) = try openChat()
            let main = try XCTUnwrap(app.mainWindow)
            waitFor("the composer focused", timeout: .seconds(10)) { page.entry.isFocusWidget }
            page.entry.text = "Said at closing"
            main.window.close()
            waitFor("the window closed") { !main.window.isVisible }
            waitForServer("the exit released", timeout: .seconds(20)) { !app.isFinishingBeforeExit }
            XCTAssertEqual(storedDraft(), "Said at closing", "kept before the exit, without waiting for the pause")
            main.window.destroy()

            let (again, page2) = try openChat()
            defer { again.mainWindow?.window.destroy() }
            waitFor("the draft in the composer", timeout: .seconds(10)) { page2.entry.text == "Said at closing" }
            waitFor("the composer focused", timeout: .seconds(10)) { page2.entry.isFocusWidget }
            XCTAssertTrue(InputSimulation.key("Return", on: page2.entry))
            waitFor("the sent row") { page2.rows.last?.message.text == "Said at closing" }
            waitForServer("the draft gone", timeout: .seconds(10)) { self.storedDraft() == nil }
        }
    }

}
