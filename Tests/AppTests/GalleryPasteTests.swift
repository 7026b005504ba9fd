@testable import App
import Domain
import Foundation
import Gtk
import Persistence
import SimulatedInput
import XCTest

/// Ctrl+V in the gallery of the main window, with what other programs put on the clipboard.
final class GalleryPasteTests: ServerBackedTestCase {
    /// xclip answers every target asked for with its text, image/png too: the link comes in as a
    /// link, where its text was taken for a picture's bytes and refused.
    func testALinkCopiedWithXclipComesInAsALink() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.coordinator(for: .gallery).pages.first as? GalleryPage)
            waitFor("the gallery", timeout: .seconds(10)) { page.isLaidOut && page.model.state.items.count >= 2 }
            let before = page.model.state.items.map(\.imageUrlString)
            let link = server.base.appendingPathComponent("images/pasted.jpg").absoluteString
            let xclip = try owner(["xclip", "-quiet", "-selection", "clipboard"], text: link)
            defer { xclip.terminate(); xclip.waitUntilExit() }

            XCTAssertTrue(InputSimulation.key("1", modifiers: .control, on: main.window))
            waitFor("the first item focused") { page.grid.focusedCell != nil }
            XCTAssertTrue(InputSimulation.key("v", modifiers: .control, on: main.window))
            waitFor("the link added after the first item", timeout: .seconds(10)) { page.model.state.items.count == before.count + 1 }
            XCTAssertEqual(page.model.state.items.map(\.imageUrlString), [before[0], link] + before.dropFirst())
            XCTAssertNil(page.model.state.notice, "no refusal")
        }
    }

    /// Text with no link in it is refused in words that name what was pasted.
    func testTextWithoutALinkIsRefusedNamingTheText() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.coordinator(for: .gallery).pages.first as? GalleryPage)
            waitFor("the gallery", timeout: .seconds(10)) { page.isLaidOut && !page.model.state.items.isEmpty }
            let count = page.model.state.items.count
            let xclip = try owner(["xclip", "-quiet", "-selection", "clipboard"], text: "just some words")
            defer { xclip.terminate(); xclip.waitUntilExit() }

            XCTAssertTrue(InputSimulation.key("1", modifiers: .control, on: main.window))
            waitFor("the first item focused") { page.grid.focusedCell != nil }
            XCTAssertTrue(InputSimulation.key("v", modifiers: .control, on: main.window))
            waitFor("the refusal", timeout: .seconds(10)) { page.model.state.notice != nil }
            XCTAssertEqual(page.model.state.notice, .error(heading: "Nothing was added", reason: "The text “just some words” has no web link in it."))
            XCTAssertEqual(page.model.state.items.count, count)
        }
    }

    /// Starts `command` owning the clipboard with `text` and waits until it does.
    @MainActor
    private func owner(_ command: [String], text: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        waitFor("the clipboard owned", timeout: .seconds(5)) { Clipboard.text == text }
        return process
    }
}
