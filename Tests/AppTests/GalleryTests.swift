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

/// The gallery screen in a real window: its grid, its dialogs, its keys and drags.
final class GalleryTests: GalleryTestCase {
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

    /// In a phone-narrow window the Add cell stays inside the grid with its words whole, also
    /// in a language whose words are longer than the cell is wide (Russian's "Добавить элемент").
    func testTheAddCellsWordsWrapInsideANarrowCell() throws {
        try onMain {
            let (page, window) = showGallery(with: items(8), width: 320)
            defer { window.destroy() }
            waitForLayout(page)
            let add = try XCTUnwrap(page.addCell)
            add.addLabel.text = "Добавить элемент"
            let frame = try XCTUnwrap(page.tileFrames.last)
            waitFor("the Add cell at its frame, its words inside it") {
                let cell = add.view.allocation, label = add.addLabel.allocation
                return cell.width == frame.width && label.width <= cell.width && label.height > 20
            }
            let origin = try XCTUnwrap(add.view.origin(in: window))
            XCTAssertLessThanOrEqual(origin.x + add.view.allocation.width, window.size.width, "inside the window")
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
            XCTAssertEqual(page.messageDialog?.text, "Delete this item?")
            XCTAssertEqual(page.messageDialog?.secondaryText, "Do you really want to delete the item with identifier \(all[1].uuid)?")
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
            XCTAssertEqual(page.messageDialog?.text, "Item selected")
            XCTAssertEqual(page.messageDialog?.secondaryText, "You have selected the item with identifier \(all[2].uuid)")
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
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Open", "View", "Move Later", "Delete"], "the first item cannot move earlier")
            page.contextMenu?.close()

            page.tile(at: 1).grabFocus()
            XCTAssertTrue(InputSimulation.key("Menu", on: page.tile(at: 1)))
            waitFor("the menu for item 2") { page.contextMenu?.isVisible == true }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Open", "View", "Move Earlier", "Move Later", "Delete"])
            XCTAssertTrue(page.contextMenu?.activateItem("Move Later") ?? false)
            waitFor("the move to be saved") {
                ((try? self.stored()) ?? []).map(\.uuid) == [all[0], all[2], all[1], all[3]].map(\.uuid)
            }

            XCTAssertTrue(page.tile(at: 2).isFocusWidget, "focus followed the moved item")
            page.tile(at: 3).grabFocus()
            XCTAssertTrue(InputSimulation.key("Menu", on: page.tile(at: 3)))
            waitFor("the menu for the last item") { page.contextMenu?.isVisible == true }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Open", "View", "Move Earlier", "Delete"])
            XCTAssertTrue(page.contextMenu?.activateItem("Delete") ?? false)
            waitFor("the confirmation") { page.messageDialog?.isVisible == true }
            XCTAssertEqual(page.messageDialog?.secondaryText, "Do you really want to delete the item with identifier \(all[3].uuid)?")
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

    /// 10,000 items: tiles exist only near the view, at their mosaic frames, and the Add cell is
    /// last at the end.
    func testTenThousandItemsHaveTilesOnlyNearTheViewAndAddLast() throws {
        try onMain {
            let (page, window) = showGallery(with: items(10_000))
            defer { window.destroy() }
            waitForLayout(page)
            let adjustment = page.grid.adjustment
            let step = page.grid.layout.cellSide + 12
            for screen in [0.0, 40, 2_000] {
                adjustment.value = min(screen * adjustment.pageSize, adjustment.maximumValue)
                waitFor("the tiles at their frames at screen \(Int(screen))") { page.isLaidOut && page.grid.isLoaded }
                // The tiles in GTK: three a row for the rows within a screen of the view, a row of spares.
                let rowsNear = Int(3 * adjustment.pageSize / step) + 2
                XCTAssertLessThanOrEqual(page.grid.canvas.childCount, 3 * rowsNear + 3, "tiles for three screens, not 10,000")
                XCTAssertEqual(page.grid.canvas.childCount, page.grid.cellsMade)
                let inView = page.tiles.filter { tile in
                    guard let index = page.grid.index(of: tile.entry.id) else { return false }
                    let frame = page.grid.layout.frame(at: index)
                    return frame.y < adjustment.value + adjustment.pageSize && frame.y + frame.height > adjustment.value
                }
                XCTAssertGreaterThanOrEqual(inView.count, 3, "a screen shows whole rows of tiles")
            }
            XCTAssertEqual(adjustment.value, adjustment.maximumValue, accuracy: 1, "at the end")
            let add = try XCTUnwrap(page.addCell, "the Add cell at the end")
            XCTAssertEqual(add.view.accessibleName, "Add item")
            XCTAssertEqual(page.grid.index(of: add.entry.id), 10_000, "after every item")
            let lowest = page.tileFrames.map { $0.y }.max()
            XCTAssertEqual(add.view.origin(in: page.grid.canvas)?.y, lowest, "the Add cell sits in the last row")
            XCTAssertEqual(page.tile(at: 9_999).accessibleName, "Item 10000 of 10000, \(page.model.state.items[9_999].uuid)")
        }
    }

    /// A large document's first items fill the grid before the rest is read: no Add cell after
    /// them yet (it comes after the last item) and tiles named without a count; then the whole
    /// list, the Add cell last and every tile named with the count.
    func testALargeGallerysFirstItemsShowBeforeTheWholeList() throws {
        try onMain {
            let all = items(5_000)
            try JSONEncoder().encode(GalleryDocument(items: all)).write(to: document)
            let pictures = CompositionRoot.galleryPictures(paths: AppPaths(root: dataDirectory))
            let page = GalleryPage(model: GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: []), pictures: pictures),
                                   pipeline: ImagePipeline(client: CurlHTTPClient(), configuration: .init(retryDelays: []), decoders: [SandboxedImageDecoder()])) { nil }
            var first: (cells: Int, entries: Int, add: Bool)?
            var viewed: (items: Int, index: Int)?
            page.onView = { items, index in viewed = (items.count, index) }
            let render = page.model.onChange
            page.model.onChange = { state, change in
                render?(state, change)
                if state.phase == .showingFirst, first == nil {
                    first = (page.cellCount, page.grid.items.count, page.grid.items.contains { $0.id == .add })
                    // Opened while only the first items show: the viewer pages through them all.
                    page.view(at: 3)
                }
            }
            let window = Window()
            defer { window.destroy() }
            window.add(page.widget)
            window.setDefaultSize(width: 612, height: 700)
            window.showAll()
            waitFor("the whole list") { page.cellCount == all.count && page.isLaidOut }
            let shown = try XCTUnwrap(first, "the first items shown apart")
            XCTAssertEqual(shown.cells, GalleryViewModel.firstScreenItems)
            XCTAssertEqual(shown.entries, GalleryViewModel.firstScreenItems, "no Add cell after the first items")
            XCTAssertFalse(shown.add)
            XCTAssertEqual(page.grid.items.last?.id, .add, "the Add cell after the last item")
            waitFor("the viewer asked for") { viewed != nil }
            XCTAssertEqual(viewed?.items, all.count, "the viewer given the whole list")
            XCTAssertEqual(viewed?.index, 3)
            // Renamed at the grid's next layout.
            waitFor("the first tile named with the count") { page.tile(at: 0).accessibleName == "Item 1 of 5000, \(all[0].uuid)" }

            // A tile while only the first items are in: its place, no count.
            let tile = GalleryTile(entry: .item(all[3]), pipeline: ImagePipeline(client: CurlHTTPClient(), decoders: []), listIsWhole: { false })
            tile.setPosition(3, of: GalleryViewModel.firstScreenItems)
            XCTAssertEqual(tile.view.accessibleName, "Item 4, \(all[3].uuid)")
        }
    }

    /// A real drag (XTest through xdotool) of a tile from the second screen up to slot 1: held at
    /// the top edge, the view scrolls up by itself until the slot is in view.
    func testADragNearTheTopEdgeScrollsTheViewToSlotOne() throws {
        try onMain {
            let all = items(300)
            let (page, window) = showGallery(with: all)
            defer { window.destroy() }
            waitForLayout(page)
            let adjustment = page.grid.adjustment
            // A screen and a half down, once the scrolled window knows how tall the mosaic is.
            waitFor("the extent known") { adjustment.pageSize > 0 && adjustment.upper >= page.grid.layout.contentHeight - 1 }
            adjustment.value = adjustment.pageSize * 1.5
            waitFor("the second screen laid out") { page.isLaidOut && adjustment.value > 0 }
            // A tile wholly in view, well below the edge.
            let index = try XCTUnwrap((3..<300).first { index in
                let frame = page.grid.layout.frame(at: index)
                return frame.y > adjustment.value + 150 && frame.y + frame.height < adjustment.value + adjustment.pageSize - 80
            })
            let slotFrame = page.grid.layout.frame(at: 1)
            XCTAssertLessThan(slotFrame.y + slotFrame.height, adjustment.value, "slot 1 is out of view when the drag starts")
            let from = try XCTUnwrap(page.tile(at: index).screenOrigin)
            let view = try XCTUnwrap(page.grid.widget.screenOrigin)
            let (x1, y1) = (from.x + 50, from.y + 50)
            // Press, pass the drag threshold, travel to 8 px below the view's top edge and stay.
            try xdotool(["mousemove", "\(x1)", "\(y1)", "sleep", "0.2", "mousedown", "1", "sleep", "0.2",
                         "mousemove", "\(x1 + 15)", "\(y1 - 15)", "sleep", "0.2",
                         "mousemove", "\(x1 + 15)", "\(view.y + 60)", "sleep", "0.1",
                         "mousemove", "\(x1 + 10)", "\(view.y + 8)"])
            waitFor("the view scrolled to the top by itself", timeout: .seconds(10)) { adjustment.value == 0 }
            let slot = try XCTUnwrap(page.tile(at: 1).screenOrigin)
            try xdotool(["mousemove", "\(slot.x + 60)", "\(slot.y + 60)", "sleep", "0.3", "mouseup", "1"])
            var expected = all
            expected.insert(expected.remove(at: index), at: 1)
            waitFor("the drop saved", timeout: .seconds(10)) { ((try? self.stored()) ?? []).map(\.uuid) == expected.map(\.uuid) }
            XCTAssertEqual(page.tile(at: 1).accessibleName, "Item 2 of 300, \(all[index].uuid)")
            waitForLayout(page)
            let big = page.grid.layout.frame(at: 0), small = page.grid.layout.frame(at: 1)
            XCTAssertEqual(big.width, 2 * small.width + 12, "cell 0 is still the big one")
            XCTAssertEqual(page.tile(at: 0).allocatedSize.width, Int(big.width.rounded()), accuracy: 1)
            XCTAssertFalse(page.tiles.contains { $0.view.hasStyleClass("drop-target") }, "no highlight left after the drop")
        }
    }

    /// Several items chosen with real input (Ctrl+click with the mouse, Shift+Right, Ctrl+Space),
    /// shown on their tiles; Delete asks once, listing them; the three
    /// go in one save; one Ctrl+Z puts them back in their places. The document matches each step.
    func testChoosingSeveralItemsDeletesThemWithOneQuestionAndOneUndo() throws {
        try onMain {
            let all = items(8)
            let (page, window) = showGallery(with: all, width: 800)
            defer { window.destroy() }
            waitForLayout(page)
            // Ctrl+click the second and the fifth tile.
            let second = try XCTUnwrap(page.tile(at: 1).screenOrigin), fifth = try XCTUnwrap(page.tile(at: 4).screenOrigin)
            try xdotool(["mousemove", "\(second.x + 30)", "\(second.y + 30)", "keydown", "ctrl", "click", "1",
                         "mousemove", "\(fifth.x + 30)", "\(fifth.y + 30)", "click", "1", "keyup", "ctrl"])
            waitFor("two chosen") { page.model.state.selection == GallerySelection([all[1].uuid, all[4].uuid]) }
            XCTAssertNil(page.messageDialog, "no selection notice for a Ctrl+click")
            XCTAssertEqual(page.tile(at: 4).accessibleName, "Item 5 of 8, \(all[4].uuid), chosen")
            // Shift+Right from the fifth: the fifth and the sixth (the run from the last chosen).
            XCTAssertTrue(InputSimulation.key("Right", modifiers: .shift, on: page.tile(at: 4)))
            waitFor("the fifth and sixth") { page.model.state.selectedIndices == [4, 5] }
            // Ctrl+Space on the second adds it again.
            page.tile(at: 1).grabFocus()
            XCTAssertTrue(InputSimulation.key("space", modifiers: .control, on: page.tile(at: 1)))
            waitFor("three chosen") { page.model.state.selectedIndices == [1, 4, 5] }
            XCTAssertEqual(page.chosenCount, 3)

            XCTAssertTrue(InputSimulation.key("Delete", on: page.tile(at: 1)))
            waitFor("one question") { page.messageDialog?.isVisible == true }
            XCTAssertEqual(page.messageDialog?.text, "Delete 3 items?")
            XCTAssertEqual(page.messageDialog?.secondaryText, [all[1], all[4], all[5]].map(\.uuid).joined(separator: "\n"))
            try click(1, in: page.messageDialog) // Delete
            let kept = [all[0], all[2], all[3], all[6], all[7]]
            waitFor("the three gone, in one save", timeout: .seconds(10)) { ((try? self.stored()) ?? []) == kept }
            waitFor("the grid and the bar") { page.cellCount == 5 && page.chosenCount == 0 }
            waitFor("Undo offered") { page.undoToast.isShown }
            XCTAssertEqual(page.undoToast.label.text, "3 items deleted")

            window.present()
            XCTAssertTrue(InputSimulation.key("z", modifiers: .control, on: page.grid.widget))
            waitFor("all back in their places", timeout: .seconds(10)) { ((try? self.stored()) ?? []) == all }
            waitFor("the grid") { page.cellCount == 8 }
            XCTAssertEqual(page.model.state.items, all)

            // Ctrl+A chooses all, Escape none.
            page.tile(at: 0).grabFocus()
            XCTAssertTrue(InputSimulation.key("a", modifiers: .control, on: page.tile(at: 0)))
            waitFor("all chosen") { page.model.state.selectedCount == 8 }
            XCTAssertTrue(InputSimulation.key("Escape", on: page.tile(at: 0)))
            waitFor("none chosen") { page.chosenCount == 0 }
        }
    }
}
