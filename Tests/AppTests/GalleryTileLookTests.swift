@testable import App
import Foundation
import Gtk
import SimulatedInput
import XCTest

/// The gallery's tiles as a person sees them in the app's window, with its stylesheet.
final class GalleryTileLookTests: ServerBackedTestCase {
    /// The app opened on the gallery, its whole list laid out (the caller keeps the app and destroys the window).
    @MainActor
    private func openGallery() throws -> (TesseraApp, MainWindow, GalleryPage) {
        let app = try launch(backend: server.base, section: .gallery)
        let main = try XCTUnwrap(app.mainWindow)
        let page = try XCTUnwrap(main.coordinator(for: .gallery).pages.first as? GalleryPage)
        waitFor("the gallery", timeout: .seconds(10)) { page.isLaidOut && page.model.state.phase == .loaded }
        return (app, main, page)
    }

    /// The delete button shows on the tile under the pointer only, as GNOME's grids show an item's
    /// actions; a chosen tile keeps its size (a frame and a check over its picture).
    func testTheDeleteButtonShowsUnderThePointerAndAChosenTileKeepsItsSize() throws {
        try onMain {
            let (app, main, page) = try openGallery()
            let window = main.window
            defer { window.destroy(); withExtendedLifetime(app) {} }
            waitForServer("the pictures", timeout: .seconds(10)) { page.showsPicture(at: 1) && page.showsPicture(at: 2) }
            @MainActor func drawFrame() {
                var drawn = false
                window.onNextDraw { drawn = true }
                window.queueDraw()
                waitFor("a frame drawn") { drawn }
            }
            @MainActor func buttonPixel(_ index: Int) throws -> UInt32 {
                let button = page.deleteButton(at: index)
                let origin = try XCTUnwrap(button.origin(in: window))
                drawFrame()
                return try XCTUnwrap(Snapshot(onScreen: window)).pixel(x: origin.x + 3, y: origin.y + button.allocation.height / 2)
            }
            InputSimulation.movePointerAway(from: window)
            waitFor("no tile under the pointer") { !page.tile(at: 1).isHovered && !page.tile(at: 2).isHovered }
            let (plain1, plain2) = (try buttonPixel(1), try buttonPixel(2))
            InputSimulation.movePointer(to: page.tile(at: 1), in: window)
            waitFor("the tile under the pointer") { page.tile(at: 1).isHovered }
            XCTAssertNotEqual(try buttonPixel(1), plain1, "the button shows on the tile under the pointer")
            XCTAssertEqual(try buttonPixel(2), plain2, "and on no other")

            let size = { (index: Int) in page.tiles.first { $0.item == .item(page.model.state.items[index]) }!.image.picture.allocation }
            page.model.toggleSelection(at: 1)
            waitFor("chosen") { page.tiles.contains { $0.chosen } }
            drawFrame()
            XCTAssertEqual(size(1).width, size(2).width, "a chosen tile's picture as wide as the others'")
            XCTAssertEqual(size(1).height, size(2).height)
        }
    }

    /// The gallery's Add sits in the header bar, as in GNOME's apps, and opens the link dialog; other
    /// sections have none.
    func testTheHeaderBarsAddButtonAsksForALinkInTheGalleryOnly() throws {
        try onMain {
            let (app, main, page) = try openGallery()
            defer { main.window.destroy(); withExtendedLifetime(app) {} }
            waitFor("the Add button") { main.addButton.isMapped }
            XCTAssertEqual(main.addButton.accessibleName, "Add item")
            clickWhenSteady(main.addButton, in: main.window)
            waitFor("the link dialog") { page.addDialog?.isVisible == true }
            page.addDialog?.destroy()
            XCTAssertTrue(InputSimulation.key("2", modifiers: .control, on: main.window))
            waitFor("the feed, without Add") { main.currentSection == .feed && !main.addButton.isVisible }
        }
    }

    /// The Add tile's plus and words stand in its middle.
    func testTheAddTilesContentIsCentred() throws {
        try onMain {
            let (app, main, page) = try openGallery()
            defer { main.window.destroy(); withExtendedLifetime(app) {} }
            page.grid.reveal(index: page.model.state.items.count)
            waitFor("the Add tile laid out") {
                page.tiles.first { $0.item == .add }.map { $0.view.isMapped && $0.addLabel.allocation.width > 1 } ?? false
            }
            let add = try XCTUnwrap(page.tiles.first { $0.item == .add })
            let tile = try XCTUnwrap(add.view.origin(in: main.window)), words = try XCTUnwrap(add.addLabel.origin(in: main.window))
            let tileMiddle = Double(tile.x) + Double(add.view.allocation.width) / 2
            XCTAssertEqual(Double(words.x) + Double(add.addLabel.allocation.width) / 2, tileMiddle, accuracy: 2, "the words centred across")
            XCTAssertGreaterThan(words.y - tile.y, add.view.allocation.height / 3, "and below the tile's top third")
        }
    }
}
