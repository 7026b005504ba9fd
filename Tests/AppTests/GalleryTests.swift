@testable import App
import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Networking
import Repositories
import XCTest

/// The gallery screen in a real window over the real document on disk.
final class GalleryTests: AppTestCase {
    private var document: URL { dataDirectory.appendingPathComponent("gallery.json") }

    private func items(_ count: Int) -> [GalleryItem] {
        (0..<count).map { GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: "http://127.0.0.1:9/\($0).jpg") }
    }

    private func stored() throws -> [GalleryItem] {
        try JSONDecoder().decode(GalleryDocument.self, from: Data(contentsOf: document)).items
    }

    @MainActor
    private func showGallery(with items: [GalleryItem], width: Int = 612) -> (GalleryPage, Window) {
        try? FileManager.default.removeItem(at: document)
        try! JSONEncoder().encode(GalleryDocument(items: items)).write(to: document)
        let page = GalleryPage(model: GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: [])),
                               pipeline: ImagePipeline(client: CurlHTTPClient(), configuration: .init(retryDelays: []))) { nil }
        let window = Window()
        window.add(page.widget)
        window.setDefaultSize(width: width, height: 700)
        window.showAll()
        waitFor("the grid") { page.cellCount == items.count && page.addCell?.view.isMapped == true }
        return (page, window)
    }

    /// Waits for GTK to lay the tiles out at their final frames.
    @MainActor
    private func waitForLayout(_ page: GalleryPage) {
        waitFor("the tiles at their frames") { page.tileFrames == page.expectedFrames }
    }

    func testTwelveItemsSitAtTheDiagramsFramesWithTheAddCellThirteenth() throws {
        try onMain {
            let (page, window) = showGallery(with: items(12))
            defer { window.destroy() }
            waitForLayout(page)
            let frames = page.tileFrames
            XCTAssertEqual(frames.count, 13)
            let side = frames[1].width
            XCTAssertEqual(frames[0].width, 2 * side + 12, "cell 0 is 2×2")
            // Rows below the big cell: 5 4 3, then 6 7 8, then 11 10 9, and Add at 12's place.
            XCTAssertLessThan(frames[5].x, frames[4].x); XCTAssertLessThan(frames[4].x, frames[3].x)
            XCTAssertLessThan(frames[6].x, frames[7].x); XCTAssertLessThan(frames[7].x, frames[8].x)
            XCTAssertLessThan(frames[11].x, frames[10].x); XCTAssertLessThan(frames[10].x, frames[9].x)
            XCTAssertEqual(frames[12].x, frames[11].x, "the Add cell starts the next row at the left")
            XCTAssertGreaterThan(frames[12].y, frames[11].y)
            XCTAssertEqual(page.tile(at: 4).accessibleName, "Item 5 of 12, \(page.model.state.items[4].uuid)")
            XCTAssertEqual(page.addCell?.view.accessibleName, "Add item")
        }
    }

    func testAddingThroughTheDialog() throws {
        try onMain {
            let (page, window) = showGallery(with: items(2))
            defer { window.destroy() }
            clickWhenSteady(try XCTUnwrap(page.addCell).view, in: window)
            waitFor("the link dialog") { page.addDialog?.isVisible == true }
            let dialog = try XCTUnwrap(page.addDialog), entry = try XCTUnwrap(page.linkEntry)
            XCTAssertFalse(dialog.isResponseSensitive(2), "OK is disabled while the entry is empty")
            entry.text = "ftp://example.org/a.png"
            XCTAssertTrue(dialog.isResponseSensitive(2))
            dialog.respond(2)
            XCTAssertEqual(page.linkError?.text, "Only http and https links can be shown, not ftp.")
            XCTAssertTrue(dialog.isVisible, "a bad link keeps the dialog open")
            entry.text = "https://example.org/a.png"
            dialog.respond(2)
            waitFor("the new tile and the document") {
                page.cellCount == 3 && ((try? self.stored()) ?? []).count == 3
            }
            XCTAssertFalse(dialog.isVisible)
            XCTAssertEqual(try stored().map(\.imageUrlString).last, "https://example.org/a.png")
            XCTAssertEqual(try stored(), page.model.state.items)
            waitForLayout(page)
        }
    }

    func testDeletingThroughTheConfirmationWithTheSeedsText() throws {
        try onMain {
            let all = items(4)
            let (page, window) = showGallery(with: all)
            defer { window.destroy() }
            clickWhenSteady(page.deleteButton(at: 1), in: window)
            waitFor("the confirmation") { page.messageDialog?.isVisible == true }
            XCTAssertEqual(page.messageDialog?.text, "Do you really want to delete the item with identifier \(all[1].uuid)?")
            try click(Dialog.cancel, in: page.messageDialog)
            waitFor("the answer taken") { page.model.state.notice == nil }
            XCTAssertEqual(page.cellCount, 4, "Cancel changes nothing")
            XCTAssertEqual(MessageDialog.textsOnScreen(), [], "the confirmation left the screen")
            clickWhenSteady(page.deleteButton(at: 1), in: window)
            waitFor("the confirmation again") { page.messageDialog?.isVisible == true }
            try click(1, in: page.messageDialog) // Yes
            waitFor("the tile and the document item to go") {
                page.cellCount == 3 && ((try? self.stored()) ?? []).count == 3
            }
            XCTAssertEqual(MessageDialog.textsOnScreen(), [], "the confirmation left the screen")
            XCTAssertEqual(try stored().map(\.uuid), [all[0], all[2], all[3]].map(\.uuid))
            waitForLayout(page)
        }
    }

    func testSelectingShowsTheIdentifier() throws {
        try onMain {
            let all = items(3)
            let (page, window) = showGallery(with: all)
            defer { window.destroy() }
            clickWhenSteady(page.tile(at: 2), in: window)
            waitFor("the message") { page.messageDialog?.isVisible == true }
            XCTAssertEqual(page.messageDialog?.text, "You have selected the item with identifier \(all[2].uuid)")
        }
    }

    func testAltArrowsMoveTheFocusedItemAndFocusStaysOnIt() throws {
        try onMain {
            let all = items(5)
            let (page, window) = showGallery(with: all)
            defer { window.destroy() }
            waitForLayout(page)
            page.tile(at: 3).grabFocus()
            XCTAssertTrue(InputSimulation.key("Left", modifiers: .alt, on: page.tile(at: 3)))
            waitFor("the move to be saved") { ((try? self.stored()) ?? []).map(\.uuid) == [all[0], all[1], all[3], all[2], all[4]].map(\.uuid) }
            XCTAssertEqual(page.model.state.items.map(\.uuid), try stored().map(\.uuid))
            XCTAssertTrue(page.tile(at: 2).isFocusWidget, "focus follows the moved item")
            XCTAssertEqual(page.tile(at: 2).accessibleName, "Item 3 of 5, \(all[3].uuid)")
            waitForLayout(page)
        }
    }

    func testTheContextMenuFromTheKeyboardMovesAndDeletes() throws {
        try onMain {
            let all = items(4)
            let (page, window) = showGallery(with: all)
            defer { window.destroy() }
            waitForLayout(page)
            page.tile(at: 0).grabFocus()
            XCTAssertTrue(InputSimulation.key("F10", modifiers: .shift, on: page.tile(at: 0)))
            waitFor("the menu") { page.contextMenu?.isVisible == true }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Open", "Move Later", "Delete"], "the first item cannot move earlier")
            page.contextMenu?.close()

            page.tile(at: 1).grabFocus()
            XCTAssertTrue(InputSimulation.key("Menu", on: page.tile(at: 1)))
            waitFor("the menu for item 2") { page.contextMenu?.isVisible == true }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Open", "Move Earlier", "Move Later", "Delete"])
            XCTAssertTrue(page.contextMenu?.activateItem("Move Later") ?? false)
            waitFor("the move to be saved") {
                ((try? self.stored()) ?? []).map(\.uuid) == [all[0], all[2], all[1], all[3]].map(\.uuid)
            }

            XCTAssertTrue(page.tile(at: 2).isFocusWidget, "focus followed the moved item")
            page.tile(at: 3).grabFocus()
            XCTAssertTrue(InputSimulation.key("Menu", on: page.tile(at: 3)))
            waitFor("the menu for the last item") { page.contextMenu?.isVisible == true }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Open", "Move Earlier", "Delete"])
            XCTAssertTrue(page.contextMenu?.activateItem("Delete") ?? false)
            waitFor("the confirmation") { page.messageDialog?.isVisible == true }
            XCTAssertEqual(page.messageDialog?.text, "Do you really want to delete the item with identifier \(all[3].uuid)?")
        }
    }

    /// A real drag with the mouse (XTest through xdotool): the last tile dropped on the first.
    func testDragAndDropMovesAnItemAndSavesIt() throws {
        try onMain {
            let all = items(5)
            let (page, window) = showGallery(with: all)
            defer { window.destroy() }
            waitForLayout(page)
            let from = try XCTUnwrap(page.tile(at: 4).screenOrigin), to = try XCTUnwrap(page.tile(at: 0).screenOrigin)
            let (x1, y1, x2, y2) = (from.x + 40, from.y + 40, to.x + 60, to.y + 60)
            let mouse = Process()
            mouse.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            // Press, pass the drag threshold, travel, pause over the target, release.
            mouse.arguments = ["mousemove", "\(x1)", "\(y1)", "sleep", "0.2", "mousedown", "1", "sleep", "0.2",
                               "mousemove", "\(x1 + 15)", "\(y1 + 15)", "sleep", "0.2",
                               "mousemove", "\((x1 + x2) / 2)", "\((y1 + y2) / 2)", "sleep", "0.2",
                               "mousemove", "\(x2)", "\(y2)", "sleep", "0.3", "mouseup", "1"]
            try mouse.run()
            waitFor("the drop to be saved", timeout: .seconds(10)) {
                ((try? self.stored()) ?? []).map(\.uuid) == [all[4], all[0], all[1], all[2], all[3]].map(\.uuid)
            }
            mouse.waitUntilExit()
            XCTAssertEqual(page.tile(at: 0).accessibleName, "Item 1 of 5, \(all[4].uuid)", "the dropped item is the big one")
            waitForLayout(page)
        }
    }

    func testACorruptDocumentIsKeptAsideAndTheUserTold() throws {
        try onMain {
            try Data("{ not json".utf8).write(to: document)
            let page = GalleryPage(model: GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: [])),
                                   pipeline: ImagePipeline(client: CurlHTTPClient())) { nil }
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
}
