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
            waitFor("copied") { page.copied == Self.linked }
            XCTAssertEqual(try clipboardText(), Self.linked, "the whole text, for another program")
            XCTAssertEqual(row.textLabel.text, Self.linked, "the links show as their text")

            // The Menu key: Copy Text, the first link's Open Link and Copy Link, Open.
            XCTAssertTrue(InputSimulation.key("Menu", on: row.view))
            waitFor("the menu") { page.contextMenu?.isMapped == true }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Copy Text", "Open Link", "Copy Link", "Reply", "Open"])
            XCTAssertTrue(page.contextMenu?.activateItem("Copy Link") == true)
            waitFor("the link copied") { page.copied == "https://example.org/notes_(draft)" }
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
}
