@testable import App
import Composition
import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import HelperClients
import Networking
import Persistence
import Repositories
import XCTest
import SimulatedInput
import TestSupport

/// The gallery with other programs (drops, pastes) and after mistakes (undo, a damaged document, a
/// closed window).
final class GalleryExchangeTests: GalleryTestCase {
    /// A picture file dragged in from another program (text/uri-list, as Files offers it) and
    /// dropped on the third tile, with real pointer input: its bytes are copied into the data
    /// folder and the item, in the third place, shows the picture; still after the original is
    /// deleted and the gallery opened again. A text file dropped the same way is refused in
    /// words and nothing changes.
    func testAPictureFileDroppedFromAnotherProgramIsCopiedAndStaysWhenTheOriginalGoes() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-drop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outside) }
        let original = outside.appendingPathComponent("quarters.png")
        try FileManager.default.copyItem(at: TestServer.picturesDirectory.appendingPathComponent("quarters.png"), to: original)
        let notes = outside.appendingPathComponent("notes.txt")
        try "Not a picture".write(to: notes, atomically: true, encoding: .utf8)
        try onMain {
            let all = items(4)
            var (page, window) = showGallery(with: all, width: 800)
            defer { window.destroy() }
            waitForLayout(page)
            let picture = try drop(original.absoluteString, on: 2, of: page)
            waitFor("the picture added in the third place", timeout: .seconds(10)) { ((try? self.stored()) ?? []).count == 5 }
            picture.terminate()
            picture.waitUntilExit()
            let added = try stored()[2]
            XCTAssertEqual(try stored().map(\.uuid).filter { $0 != added.uuid }, all.map(\.uuid))
            let copy = try XCTUnwrap(URL(string: added.imageUrlString))
            XCTAssertTrue(copy.isFileURL && copy.path.hasPrefix(AppPaths(root: dataDirectory).data.appendingPathComponent("gallery-pictures").path), copy.absoluteString)
            XCTAssertEqual(try Data(contentsOf: copy), try Data(contentsOf: original), "the bytes copied as they were")
            waitFor("its tile shows the picture", timeout: .seconds(10)) { page.showsPicture(at: 2) }

            try FileManager.default.removeItem(at: original)
            window.destroy()
            (page, window) = openGallery(count: 5, width: 800)
            waitFor("the picture again, its original gone", timeout: .seconds(10)) { page.showsPicture(at: 2) }

            waitForLayout(page)
            let text = try drop(notes.absoluteString, on: 1, of: page)
            defer { text.terminate(); text.waitUntilExit() }
            waitFor("refused in words", timeout: .seconds(10)) { page.messageDialog?.isMapped == true }
            XCTAssertEqual(page.messageDialog?.text, "Nothing was added")
            XCTAssertEqual(page.messageDialog?.secondaryText, "“notes.txt” is not a picture Tessera can show.")
            XCTAssertEqual(try stored().count, 5, "nothing added")
            page.messageDialog?.respond(NoticeDialog<GalleryViewModel.Notice>.ok)
        }
    }

    /// Drags `uri` from another program (its window at the screen's top left) onto the tile at
    /// `index` with the real pointer, and drops it: the button is let go while the gallery's main
    /// loop runs, so it can answer the drop. The other program is returned: it must live until
    /// the gallery has asked it for what was dropped (the caller ends it).
    @MainActor
    private func drop(_ uri: String, on index: Int, of page: GalleryPage) throws -> Process {
        let source = try secondClient(["drag", uri])
        let target = try XCTUnwrap(page.tile(at: index).screenOrigin)
        try xdotool(["mousemove", "60", "60", "sleep", "0.3", "mousedown", "1", "sleep", "0.2",
                     "mousemove", "80", "80", "sleep", "0.2", "mousemove", "\(target.x + 40)", "\(target.y + 40)"])
        waitFor("the tile marked as the drop's place", timeout: .seconds(10)) { page.grid.externalDropTarget == index }
        try letGo(atX: target.x + 42, y: target.y + 42)
        waitFor("the mark gone", timeout: .seconds(10)) { page.grid.externalDropTarget == nil }
        return source
    }

    /// A picture another program copied (a browser's Copy Image: image/png) comes in with Ctrl+V
    /// after the focused item, kept in the data folder; one Undo takes it away.
    func testCtrlVPastesAPictureAnotherProgramCopied() throws {
        try onMain {
            let all = items(3)
            let (page, window) = showGallery(with: all, width: 800)
            defer { window.destroy() }
            waitForLayout(page)
            let source = try secondClient(["clipboard-image", TestServer.picturesDirectory.appendingPathComponent("quarters.jpg").path])
            defer { source.terminate(); source.waitUntilExit() }
            page.tile(at: 0).grabFocus()
            XCTAssertTrue(InputSimulation.key("v", modifiers: .control, on: page.tile(at: 0)))
            waitFor("the picture pasted after the first", timeout: .seconds(10)) { ((try? self.stored()) ?? []).count == 4 }
            let pasted = try XCTUnwrap(URL(string: try stored()[1].imageUrlString))
            XCTAssertEqual(pasted.pathExtension, "png", "GTK offers a picture as PNG first")
            XCTAssertTrue(pasted.path.hasPrefix(AppPaths(root: dataDirectory).data.appendingPathComponent("gallery-pictures").path), pasted.path)
            waitFor("its tile shows it", timeout: .seconds(10)) { page.showsPicture(at: 1) }
            waitFor("Undo offered") { page.undoToast.isShown }
            XCTAssertTrue(InputSimulation.key("z", modifiers: .control, on: page.grid.widget))
            waitFor("gone with Undo", timeout: .seconds(10)) { ((try? self.stored()) ?? []) == all }
        }
    }

    /// Links another program put on the clipboard come in with Ctrl+V after the focused item, in
    /// one save, with one Undo.
    func testCtrlVPastesTheLinksAnotherProgramCopied() throws {
        try onMain {
            let all = items(4)
            let (page, window) = showGallery(with: all, width: 800)
            defer { window.destroy() }
            waitForLayout(page)
            let links = ["http://127.0.0.1:9/pasted-1.jpg", "https://127.0.0.1:9/pasted-2.png"]
            let owner = try secondClient(["clipboard", "Look:", links[0], "and", links[1]])
            defer { owner.terminate(); owner.waitUntilExit() }
            page.tile(at: 1).grabFocus()
            XCTAssertTrue(InputSimulation.key("v", modifiers: .control, on: page.tile(at: 1)))
            waitFor("two items pasted after the second", timeout: .seconds(10)) { ((try? self.stored()) ?? []).count == 6 }
            let stored = try stored()
            XCTAssertEqual(stored.map(\.imageUrlString), [all[0].imageUrlString, all[1].imageUrlString] + links
                           + [all[2].imageUrlString, all[3].imageUrlString])
            waitFor("the grid") { page.cellCount == 6 }
            waitFor("Undo offered") { page.undoToast.isShown }
            XCTAssertEqual(page.undoToast.label.text, "2 items added")
            XCTAssertTrue(InputSimulation.key("z", modifiers: .control, on: page.grid.widget))
            waitFor("both gone with one Undo", timeout: .seconds(10)) { ((try? self.stored()) ?? []) == all }
        }
    }

    /// A drag of a link from another program (a real drag with the mouse, through XTest) over the
    /// third tile marks it as the drop's place; the drag given up (Escape), the mark goes and
    /// nothing is added. (A drop itself: `drop(_:on:of:)`, which lets the button go while the
    /// gallery's main loop runs and keeps the other program until its data has been asked for.)
    func testALinkDraggedInFromAnotherProgramMarksThePlaceItWouldGo() throws {
        try onMain {
            let all = items(4)
            let (page, window) = showGallery(with: all, width: 800)
            defer { window.destroy() }
            waitForLayout(page)
            let source = try secondClient(["drag", "http://127.0.0.1:9/dropped.jpg"])
            defer { source.terminate(); source.waitUntilExit() }
            let target = try XCTUnwrap(page.tile(at: 2).screenOrigin)
            // The drag crosses to the gallery; the gallery answers while the button is held (its
            // main loop runs between the steps).
            try xdotool(["mousemove", "60", "60", "sleep", "0.3", "mousedown", "1", "sleep", "0.2",
                         "mousemove", "80", "80", "sleep", "0.2", "mousemove", "\(target.x + 40)", "\(target.y + 40)"])
            waitFor("the third tile marked as the drop's place", timeout: .seconds(10)) {
                page.grid.externalDropTarget == 2 && page.tile(at: 2).hasStyleClass("drop-target")
            }
            try xdotool(["key", "Escape", "sleep", "0.2", "mouseup", "1"])
            waitFor("the mark gone", timeout: .seconds(10)) {
                page.grid.externalDropTarget == nil && !page.tiles.contains { $0.view.hasStyleClass("drop-target") }
            }
            XCTAssertEqual(try stored(), all, "nothing added")
        }
    }

    /// After a delete, "Item deleted" offers Undo at the bottom; a real click on it puts the item
    /// back and the document is as it was, byte for byte. Ctrl+Z takes a move back the same way.
    func testUndoFromTheNotificationAndCtrlZRestoreTheDocument() throws {
        try onMain {
            let all = items(6)
            let (page, window) = showGallery(with: all)
            defer { window.destroy() }
            waitForLayout(page)
            // The document as the repository writes it (the test wrote it with another encoder).
            page.tile(at: 0).grabFocus()
            XCTAssertTrue(InputSimulation.key("Right", modifiers: .alt, on: page.tile(at: 0)))
            waitFor("the first move saved") { ((try? self.stored()) ?? []).first?.uuid == all[1].uuid && page.undoToast.isShown }
            XCTAssertTrue(InputSimulation.key("z", modifiers: .control, on: window))
            waitFor("the move undone") { ((try? self.stored()) ?? []).map(\.uuid) == all.map(\.uuid) && !page.undoToast.isShown }
            let original = try Data(contentsOf: document)

            clickWhenSteady(page.deleteButton(at: 2), in: window)
            waitFor("the confirmation") { page.messageDialog?.isVisible == true }
            try click(1, in: page.messageDialog) // Yes
            waitFor("the notification") { page.undoToast.isShown && page.undoToast.label.text == "Item deleted" }
            XCTAssertEqual(try stored().count, 5)
            clickWhenSteady(page.undoToast.undoButton, in: window)
            waitFor("the item back in the document") { (try? Data(contentsOf: self.document)) == original }
            waitFor("the notification gone") { !page.undoToast.isShown }
            XCTAssertEqual(page.tile(at: 2).accessibleName, "Item 3 of 6, \(all[2].uuid)")
            waitForLayout(page)
        }
    }

    /// Escape during a drag cancels it: the document and the order stay, nothing stays highlighted.
    func testEscapeCancelsADrag() throws {
        try onMain {
            let all = items(5)
            let (page, window) = showGallery(with: all)
            defer { window.destroy() }
            waitForLayout(page)
            let before = try Data(contentsOf: document)
            let from = try XCTUnwrap(page.tile(at: 4).screenOrigin), to = try XCTUnwrap(page.tile(at: 0).screenOrigin)
            try xdotool(["mousemove", "\(from.x + 40)", "\(from.y + 40)", "sleep", "0.2", "mousedown", "1", "sleep", "0.2",
                         "mousemove", "\(from.x + 60)", "\(from.y + 60)", "sleep", "0.2",
                         "mousemove", "\(to.x + 60)", "\(to.y + 60)"])
            waitFor("the drag under way over slot 0", timeout: .seconds(10)) {
                page.grid.isDragging && page.tiles.contains { $0.view.hasStyleClass("drop-target") }
            }
            try xdotool(["key", "Escape", "sleep", "0.2", "mouseup", "1"])
            waitFor("the drag over", timeout: .seconds(10)) { !page.grid.isDragging }
            XCTAssertFalse(page.tiles.contains { $0.view.hasStyleClass("drop-target") }, "no highlight left")
            XCTAssertEqual(page.model.state.items.map(\.uuid), all.map(\.uuid), "the order is as it was")
            XCTAssertEqual(try Data(contentsOf: document), before, "the document is as it was")
            XCTAssertFalse(page.undoToast.isShown, "nothing to undo")
        }
    }

    func testACorruptDocumentIsKeptAsideAndTheUserTold() throws {
        try onMain {
            try Data("{ not json".utf8).write(to: document)
            let page = GalleryPage(model: GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: [])),
                                   pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: [SandboxedImageDecoder()])) { nil }
            let window = Window()
            window.add(page.widget)
            window.showAll()
            defer { window.destroy() }
            waitFor("the failure page") { page.statusTitle == "The gallery could not be opened" }
            XCTAssertTrue(page.statusDescription.contains("it was kept as"), page.statusDescription)
            let names = try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)
            XCTAssertTrue(names.contains { $0.hasPrefix("gallery.json.corrupt-") }, "\(names)")
        }
    }

    /// A gallery past the journal's threshold: a move from the keyboard goes to the journal
    /// beside the document, and closing the window writes the document whole before the app
    /// exits, so that the file alone holds the list.
    func testClosingTheWindowWritesALargeGallerysJournalIntoItsDocument() throws {
        try onMain {
            let all = items(12_000)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let bytes = try encoder.encode(GalleryDocument(items: all))
            XCTAssertGreaterThanOrEqual(bytes.count, FileGalleryRepository.journalFromBytes)
            // Where the app keeps it (the other tests here build the page over a file of their own).
            let document = AppPaths(root: dataDirectory).data.appendingPathComponent("gallery.json")
            try FileManager.default.createDirectory(at: document.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: document)
            let journal = document.appendingPathExtension("changes")
            let app = try launch(section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.coordinator(for: .gallery).pages.first as? GalleryPage)
            waitFor("the grid", timeout: .seconds(20)) { page.cellCount == all.count && page.isLaidOut }
            page.tile(at: 1).grabFocus()
            XCTAssertTrue(InputSimulation.key("Left", modifiers: .alt, on: page.tile(at: 1)))
            waitFor("the move in the journal", timeout: .seconds(10)) { FileManager.default.fileExists(atPath: journal.path) }
            XCTAssertEqual(try Data(contentsOf: document), bytes, "the document is not rewritten for a move")

            main.window.close()
            waitFor("the window closed") { !main.window.isVisible }
            waitForServer("the exit released", timeout: .seconds(20)) { !app.isFinishingBeforeExit }
            let stored = try JSONDecoder().decode(GalleryDocument.self, from: Data(contentsOf: document)).items
            XCTAssertEqual(stored.prefix(3).map(\.uuid), [all[1], all[0], all[2]].map(\.uuid), "the document holds the move")
            XCTAssertEqual(stored.count, all.count)
            XCTAssertFalse(FileManager.default.fileExists(atPath: journal.path), "the journal is gone")
        }
    }
}
