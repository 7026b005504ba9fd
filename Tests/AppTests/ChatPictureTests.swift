@testable import App
import Domain
import Foundation
import Gtk
import Persistence
import Repositories
import SimulatedInput
import TestSupport
import XCTest

/// Pictures sent in the chat from other programs (a drop, a paste) and the file chooser: kept in the data
/// folder, shown at their shape with the caption typed, opened in the viewer; what is not a picture refused.
final class ChatPictureTests: ServerBackedTestCase {
    private var outside: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        outside = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-chat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: outside)
        try super.tearDownWithError()
    }

    private var keptFolder: String { AppPaths(root: dataDirectory).data.appendingPathComponent("chat-pictures").path }

    /// The user's messages as the database file holds them, read through a store of the test's own.
    @MainActor
    private func storedMessages() -> [ChatMessage] {
        let store = LocalMessageStore(database: LazyDatabase(url: AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")))
        let read = LockedValue<[ChatMessage]>()
        Task.detached { read.set((try? await store.all()) ?? []) }
        waitForServer("the database read") { read.get() != nil }
        return read.get() ?? []
    }

    /// The chat with its first page, the composer focused.
    @MainActor
    private func openComposing() throws -> (TesseraApp, MainWindow, MessagesPage) {
        let (app, page) = try openChat(width: 900, height: 640)
        let main = try XCTUnwrap(app.mainWindow)
        waitForServer("the first page", timeout: .seconds(10)) { page.model.state.timeline.nextOffset >= 20 && page.grid.isLoaded }
        page.entry.grabFocus()
        waitFor("the composer focused") { page.entry.isFocusWidget }
        return (app, main, page)
    }

    /// Drags `uri` from another program onto the chat with the real pointer and lets go once the chat shows
    /// it would take it; the other program lives until the chat has asked for what was dropped.
    @MainActor
    private func drop(_ uri: String, on page: MessagesPage) throws -> Process {
        let source = try secondClient(["drag", uri])
        let target = try XCTUnwrap(page.grid.widget.screenOrigin)
        try xdotool(["mousemove", "60", "60", "sleep", "0.3", "mousedown", "1", "sleep", "0.2",
                     "mousemove", "80", "80", "sleep", "0.2", "mousemove", "\(target.x + 200)", "\(target.y + 200)"])
        waitFor("the chat marked as where it would go", timeout: .seconds(10)) { page.grid.widget.hasStyleClass("drop-target") }
        try letGo(atX: target.x + 202, y: target.y + 202)
        waitFor("the mark gone", timeout: .seconds(10)) { !page.grid.widget.hasStyleClass("drop-target") }
        return source
    }

    func testAPictureFileDroppedFromAnotherProgramIsSentWithTheCaptionTypedAndOpensInTheViewer() throws {
        let original = outside.appendingPathComponent("quarters.png")
        try FileManager.default.copyItem(at: TestServer.picturesDirectory.appendingPathComponent("quarters.png"), to: original)
        let notes = outside.appendingPathComponent("notes.txt")
        try "Not a picture".write(to: notes, atomically: true, encoding: .utf8)
        try onMain {
            let (_, main, page) = try openComposing()
            defer { main.window.destroy() }
            XCTAssertTrue(InputSimulation.type("Our quarters", on: main.window))
            waitFor("the caption typed") { page.entry.text == "Our quarters" }

            let source = try drop(original.absoluteString, on: page)
            waitFor("the picture sent", timeout: .seconds(10)) { page.model.state.visible.last?.picture != nil }
            source.terminate()
            source.waitUntilExit()
            let sent = try XCTUnwrap(page.model.state.visible.last)
            XCTAssertEqual(sent.text, "Our quarters", "the caption typed goes with it")
            waitFor("the caption gone from the composer") { page.entry.text.isEmpty }
            let picture = try XCTUnwrap(sent.picture)
            XCTAssertEqual([picture.width, picture.height], [60, 40], "its size read by the decoder helper")
            XCTAssertTrue(picture.url.path.hasPrefix(keptFolder), picture.url.path)
            XCTAssertEqual(try Data(contentsOf: picture.url), try Data(contentsOf: original), "the bytes copied as they were")
            XCTAssertEqual(storedMessages().last?.picture, picture, "kept in the database with its message")
            let found = LockedValue<[MessageSearchHit]>()
            Task { found.set(await page.model.search("quarters") ?? []) }
            waitForServer("the search answered") { found.get() != nil }
            XCTAssertEqual(found.get()?.map(\.origin), [sent.origin], "found by its caption")

            let row = try XCTUnwrap(page.rows.first { $0.message.origin == sent.origin })
            waitFor("its bubble shows the picture", timeout: .seconds(10)) { row.picture.showsImage && page.grid.isLoaded }
            XCTAssertEqual(row.picture.picture.allocatedSize.width, 60, "at its own size, not enlarged")
            XCTAssertEqual(row.picture.picture.allocatedSize.height, 40)
            XCTAssertTrue(ShownLabels.texts(under: row.view).contains("Our quarters"))
            XCTAssertEqual(row.view.accessibleName, "Your picture: Our quarters")
            _ = try screen(of: main.window)

            // A text file is refused in words; nothing is added or kept.
            let count = page.model.state.visible.count
            let text = try drop(notes.absoluteString, on: page)
            waitFor("refused in words", timeout: .seconds(10)) { page.notice.isShown }
            XCTAssertEqual(page.notice.text, "“notes.txt” is not a picture Tessera can show.")
            XCTAssertEqual(page.model.state.visible.count, count, "nothing added")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: keptFolder).count, 1, "nothing kept")
            text.terminate()
            text.waitUntilExit()

            // A click on it opens the viewer; Escape comes back to the chat.
            let coordinator = main.coordinator(for: .messages)
            clickWhenSteady(row.picture.picture, in: main.window)
            waitFor("the viewer", timeout: .seconds(10)) { coordinator.topPage is ViewerPage && !coordinator.container.transitionRunning }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            waitFor("the picture in it", timeout: .seconds(10)) { viewer.showsContentInView }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back on the chat") { coordinator.depth == 1 && !coordinator.container.transitionRunning }
        }
    }

    /// The attach button opens the desktop's chooser; the picture chosen there goes with the caption typed.
    func testThePictureChosenFromTheAttachButtonIsSentWithTheCaptionTyped() throws {
        let original = outside.appendingPathComponent("chosen.jpg")
        try FileManager.default.copyItem(at: TestServer.picturesDirectory.appendingPathComponent("quarters.jpg"), to: original)
        try onMain {
            let (_, main, page) = try openComposing()
            defer { main.window.destroy() }
            let count = page.model.state.visible.count
            XCTAssertTrue(InputSimulation.type("From the chooser", on: main.window))
            waitFor("the caption typed") { page.entry.text == "From the chooser" }
            XCTAssertEqual(page.composer.attachButton.accessibleName, "Send a Picture…")
            XCTAssertTrue(InputSimulation.click(page.composer.attachButton, in: main.window))
            waitFor("the chooser", timeout: .seconds(10)) { InputSimulation.toplevelTitled("Send a Picture") }
            // A "/" typed in GTK's chooser opens its location entry, where the rest of the path goes; Return sends it.
            XCTAssertTrue(InputSimulation.type("/", onWindowTitled: "Send a Picture"))
            waitFor("the chooser's location entry", timeout: .seconds(10)) {
                ShownLabels.entryTexts(inWindowTitled: "Send a Picture").contains("/")
            }
            XCTAssertTrue(InputSimulation.type(String(original.path.dropFirst()), onWindowTitled: "Send a Picture"))
            waitFor("the path in the chooser's location", timeout: .seconds(10)) {
                ShownLabels.entryTexts(inWindowTitled: "Send a Picture").contains(original.path)
            }
            XCTAssertTrue(InputSimulation.key("Return", onWindowTitled: "Send a Picture"))
            waitFor("the picture sent", timeout: .seconds(10)) { page.model.state.visible.count == count + 1 }
            waitFor("the chooser gone") { !InputSimulation.toplevelTitled("Send a Picture") }
            let sent = try XCTUnwrap(page.model.state.visible.last)
            XCTAssertEqual(sent.text, "From the chooser")
            waitFor("the caption gone from the composer") { page.entry.text.isEmpty }
            let picture = try XCTUnwrap(sent.picture)
            XCTAssertEqual([picture.width, picture.height], [60, 40])
            XCTAssertTrue(picture.url.path.hasPrefix(keptFolder), picture.url.path)
            XCTAssertEqual(try Data(contentsOf: picture.url), try Data(contentsOf: original), "the chosen file's bytes, kept")
            let row = try XCTUnwrap(page.rows.first { $0.message.origin == sent.origin })
            waitFor("its bubble shows the picture", timeout: .seconds(10)) { row.picture.showsImage }
            XCTAssertEqual(row.view.accessibleName, "Your picture: From the chooser")
        }
    }

    /// Ctrl+V in the composer sends a picture another program copied; copied text is pasted as text.
    func testCtrlVInTheComposerSendsACopiedPictureAndPastesText() throws {
        try onMain {
            let (_, main, page) = try openComposing()
            defer { main.window.destroy() }
            let count = page.model.state.visible.count
            let words = try secondClient(["clipboard", "just words"])
            XCTAssertTrue(InputSimulation.key("v", modifiers: .control, on: page.entry))
            waitFor("the text pasted", timeout: .seconds(10)) { page.entry.text == "just words" }
            words.terminate()
            words.waitUntilExit()
            XCTAssertEqual(page.model.state.visible.count, count, "no message sent")
            page.entry.text = ""

            let image = try secondClient(["clipboard-image", TestServer.picturesDirectory.appendingPathComponent("quarters.jpg").path])
            defer { image.terminate(); image.waitUntilExit() }
            XCTAssertTrue(InputSimulation.key("v", modifiers: .control, on: page.entry))
            waitFor("the picture sent", timeout: .seconds(10)) { page.model.state.visible.last?.picture != nil }
            let picture = try XCTUnwrap(page.model.state.visible.last?.picture)
            XCTAssertEqual(picture.url.pathExtension, "png", "GTK offers a copied picture as PNG first")
            XCTAssertTrue(picture.url.path.hasPrefix(keptFolder), picture.url.path)
            XCTAssertEqual(page.model.state.visible.last?.text, "", "no caption typed")
            let row = try XCTUnwrap(page.rows.last)
            waitFor("its bubble shows it", timeout: .seconds(10)) { row.picture.showsImage }
            XCTAssertEqual(row.view.accessibleName, "Your picture")
            XCTAssertFalse(row.textLabel.isVisible, "no empty caption line")
        }
    }

    /// A picture too large and a file that only looks like a picture, dropped, are refused in words, and
    /// nothing of them is kept.
    func testAnOversizedPictureAndABrokenOneAreRefused() throws {
        let big = outside.appendingPathComponent("huge.png")
        FileManager.default.createFile(atPath: big.path, contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(KeptPictureFiles.maximumBytes + 1))
        try handle.close()
        let broken = outside.appendingPathComponent("broken.png")
        try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 200)).write(to: broken)
        try onMain {
            let (_, main, page) = try openComposing()
            defer { main.window.destroy() }
            let count = page.model.state.visible.count
            for (file, said) in [(big, "“huge.png” is too large"), (broken, "“broken.png” is not a picture Tessera can show.")] {
                let source = try drop(file.absoluteString, on: page)
                defer { source.terminate(); source.waitUntilExit() }
                waitFor("refused in words", timeout: .seconds(10)) { page.notice.text?.hasPrefix(said) == true }
                clickWhenSteady(page.notice.button, in: main.window)
                waitFor("the notice dismissed") { !page.notice.isShown }
            }
            XCTAssertEqual(page.model.state.visible.count, count, "nothing added")
            XCTAssertEqual((try? FileManager.default.contentsOfDirectory(atPath: keptFolder))?.count ?? 0, 0, "nothing kept")
        }
    }
}
