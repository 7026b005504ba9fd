@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// A message's text and links leave the chat for other programs: Ctrl+C on a focused message and
/// its menu's Copy Text put its whole text on the clipboard, Copy Link its link; a message's
/// web and mail addresses are links, a javascript: one is not.
final class MessageCopyTests: ServerBackedTestCase {
    static let linked = "Notes at https://example.org/notes_(draft). Write to mailto:team@example.org, not javascript:alert(1)"

    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void {
        { $0.messageTexts = [2: MessageCopyTests.linked, 3: "Nothing to open here"] }
    }

    /// The clipboard's text as another program reads it (this process, its owner, answers).
    @MainActor
    private func clipboardText() throws -> String {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = ["-c", """
            import gi
            gi.require_version('Gtk', '3.0')
            from gi.repository import Gtk, Gdk
            import sys
            sys.stdout.write(Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD).wait_for_text() or '')
            """]
        let output = Pipe()
        probe.standardOutput = output
        try probe.run()
        waitFor("the other program's answer", timeout: .seconds(10)) { !probe.isRunning }
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    func testCtrlCAndTheMenuCopyTheTextAndTheLink() throws {
        try onMain {
            let (app, page) = try openChat()
            defer { app.mainWindow?.window.destroy() }
            waitForServer("the first page", timeout: .seconds(10)) { page.rows.contains { $0.message.origin == .server(number: 2) } }
            let row = try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 2) })
            row.view.grabFocus()
            waitFor("the message focused") { row.view.isFocusWidget }
            XCTAssertTrue(InputSimulation.key("c", modifiers: .control, on: row.view))
            waitFor("copied") { Clipboard.text == Self.linked }
            XCTAssertEqual(try clipboardText(), Self.linked, "the whole text, for another program")
            XCTAssertEqual(row.textLabel.text, Self.linked, "the links show as their text")

            // The Menu key: Copy Text, the first link's Open Link and Copy Link, Open.
            XCTAssertTrue(InputSimulation.key("Menu", on: row.view))
            waitFor("the menu") { page.contextMenu?.isMapped == true }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Copy Text", "Open Link", "Copy Link", "Reply", "Open"])
            XCTAssertTrue(page.contextMenu?.activateItem("Copy Link") == true)
            waitFor("the link copied") { Clipboard.text == "https://example.org/notes_(draft)" }
            XCTAssertEqual(try clipboardText(), "https://example.org/notes_(draft)")

            // Without an http, https or mailto address there is no link to open.
            let plain = try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: 3) })
            plain.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Menu", on: plain.view))
            waitFor("its menu") { page.contextMenu?.isMapped == true && page.contextMenu?.itemLabels.count == 3 }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Copy Text", "Reply", "Open"])
            page.contextMenu?.close()
        }
    }

    /// Several messages chosen with real input (Ctrl+click with the mouse, then Shift+Up) and
    /// copied with Ctrl+C: in the chat's order, each on its line with its number.
    func testSeveralMessagesChosenAreCopiedInOrderWithTheirNumbers() throws {
        try onMain {
            let (app, page) = try openChat()
            defer { app.mainWindow?.window.destroy() }
            let main = try XCTUnwrap(app.mainWindow)
            waitForServer("the first page", timeout: .seconds(10)) { page.rows.contains { $0.message.origin == .server(number: 3) } }
            @MainActor func row(_ number: Int) throws -> MessageRow {
                try XCTUnwrap(page.rows.first { $0.message.origin == .server(number: number) })
            }
            let two = try row(2), four = try row(4)
            waitFor("both rows on screen, slid in") {
                two.view.isMapped && four.view.isMapped && page.grid.cellsInView.contains { $0 === two } && page.grid.cellsInView.contains { $0 === four }
                    && two.revealer.isChildRevealed && four.revealer.isChildRevealed && page.isSettled
            }
            // Ctrl+click #4 and then #2 (#3 between them stays out), beside their bubbles (a click on
            // a text with links is the text's own).
            XCTAssertTrue(InputSimulation.click(four.view, at: (4, 4), modifiers: .control, in: main.window))
            waitFor("#4 chosen") { page.choice.chosen == [.server(number: 4)] }
            XCTAssertTrue(InputSimulation.click(two.view, at: (4, 4), modifiers: .control, in: main.window))
            waitFor("two chosen") { page.choice.chosen == [.server(number: 2), .server(number: 4)] }
            XCTAssertTrue(two.view.hasStyleClass("chosen"))
            XCTAssertTrue(two.view.accessibleName.hasSuffix(", chosen"), two.view.accessibleName)
            XCTAssertEqual(main.coordinator(for: .messages).depth, 1, "no detail page opened by a Ctrl+click")
            XCTAssertTrue(InputSimulation.key("c", modifiers: .control, on: main.window))
            let ordered = page.grid.items.filter { [2, 4].map(ChatMessage.Origin.server(number:)).contains($0.origin) }
                .map { "\(MessageRow.caption(for: $0)): \($0.text)" }.joined(separator: "\n")
            waitFor("copied in the chat's order") { Clipboard.text == ordered }
            XCTAssertEqual(try clipboardText(), ordered, "for another program")

            // Shift+Up from #2: the run from the last chosen (#2) to the one above it.
            two.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Up", modifiers: .shift, on: two.view))
            waitFor("a run of two") { page.choice.chosen.count == 2 && page.choice.chosen.contains(.server(number: 2)) && !page.choice.chosen.contains(.server(number: 4)) }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("none chosen") { page.choice.chosen.isEmpty && !two.view.hasStyleClass("chosen") }
        }
    }
}
