@testable import App
import Domain
import Foundation
import Gtk
import SimulatedInput
import XCTest

/// Every picture Tessera shows full size opens in the one viewer: a gallery item from its menu
/// and from the selection notice's View, a fact's picture from its detail page.
final class ViewerFromSectionsTests: ServerBackedTestCase {
    func testAGalleryItemOpensFromItsMenuAndFromTheSelectionNotice() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = main.coordinator(for: .gallery)
            let page = try XCTUnwrap(coordinator.pages.first as? GalleryPage)
            waitFor("the gallery", timeout: .seconds(10)) { page.isLaidOut && page.model.state.items.count >= 3 }
            let items = page.model.state.items

            // The menu's View.
            XCTAssertTrue(InputSimulation.click(page.tile(at: 1), button: 3, in: main.window))
            waitFor("the menu") { page.contextMenu?.isVisible == true }
            XCTAssertEqual(page.contextMenu?.itemLabels.prefix(2), ["Open", "View"])
            page.contextMenu?.activateItem("View")
            waitFor("the viewer") { coordinator.depth == 2 }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            XCTAssertEqual(viewer.item.url.absoluteString, items[1].imageUrlString)
            waitForServer("the picture", timeout: .seconds(10)) { viewer.image.viewport != nil }
            XCTAssertEqual(main.headerBar.title, "Item 2, \(try XCTUnwrap(URL(string: items[1].imageUrlString)).lastPathComponent)")
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the gallery") { coordinator.depth == 1 && !coordinator.container.transitionRunning }
            waitFor("the item focused again") { page.tile(at: 1).isFocusWidget }

            // The seed's selection notice, with View beside its OK.
            clickWhenSteady(page.tile(at: 2), in: main.window)
            waitFor("the notice") { page.messageDialog?.isVisible == true }
            XCTAssertEqual(page.messageDialog?.secondaryText, "You have selected the item with identifier \(items[2].uuid)")
            try click(GalleryDialogs.view, in: page.messageDialog)
            waitFor("the viewer from the notice") { coordinator.depth == 2 }
            let second = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            XCTAssertEqual(second.item.url.absoluteString, items[2].imageUrlString)
            XCTAssertEqual(MessageDialog.textsOnScreen(), [], "the notice closed")
            // Right goes on to the next item.
            waitForServer("the picture", timeout: .seconds(10)) { second.image.viewport != nil }
            XCTAssertTrue(InputSimulation.key("Right", on: second.widget))
            waitFor("the next item") { second.item.url.absoluteString == items[3].imageUrlString }
        }
    }

    func testAFactsPictureOpensFromItsDetailPage() throws {
        try onMain {
            let (app, coordinator, beavers, detail) = try openTheFirstFactsDetail()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            XCTAssertEqual(detail.image.picture.accessibleDescription, "Press Enter to view it whole")

            // Enter on the picture opens it whole.
            XCTAssertTrue(InputSimulation.key("Return", on: detail.image.picture))
            waitFor("the viewer") { coordinator.depth == 3 }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            XCTAssertEqual(viewer.item.url, beavers.fact.imageURL)
            XCTAssertEqual(main.headerBar.title, "Beavers")
            waitForServer("the picture", timeout: .seconds(10)) { viewer.image.viewport != nil }
            XCTAssertEqual([Int(viewer.image.viewport!.imageWidth), Int(viewer.image.viewport!.imageHeight)], [640, 427])
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back on the detail") { coordinator.depth == 2 && !coordinator.container.transitionRunning }
            waitFor("the picture focused again") { detail.image.picture.isFocusWidget }

            // A click on it too (a real one).
            let screen = try XCTUnwrap(main.window.screenOrigin), inWindow = try XCTUnwrap(detail.image.picture.origin(in: main.window))
            let size = detail.image.picture.allocatedSize
            try xdotool(["mousemove", "\(screen.x + inWindow.x + size.width / 2)", "\(screen.y + inWindow.y + size.height / 2)", "click", "1"])
            waitFor("the viewer by a click") { coordinator.depth == 3 }
        }
    }

    /// F11 fills the screen; Escape leaves fullscreen first, then the viewer. Fullscreen is a window
    /// manager's to grant: the test runs one.
    func testF11FillsTheScreenAndEscapeLeavesItBeforeTheViewer() throws {
        try onMain { () throws -> Void in
            let manager = try WindowManager()
            defer { manager.stop() }
            let app = try launch(backend: server.base, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = main.coordinator(for: .feed)
            let page = try XCTUnwrap(coordinator.pages.first as? FeedPage)
            waitFor("the feed", timeout: .seconds(10)) { page.tiles.contains { $0.post.kind == .image } }
            let tile = try XCTUnwrap(page.tiles.first { $0.post.kind == .image })
            tile.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Return", on: tile.view))
            waitFor("the viewer") { coordinator.depth == 2 }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            waitFor("the viewer focused") { viewer.initialFocus.isFocusWidget }
            XCTAssertTrue(InputSimulation.key("F11", on: viewer.widget))
            let before = main.window.size
            waitFor("fullscreen") { main.window.placement == .fullscreen }
            // The controls follow the page's new size, which comes after the window's new state.
            waitFor("the button to leave it") { viewer.controls.fullscreen.accessibleName == "Leave Fullscreen" }
            XCTAssertGreaterThan(main.window.size.width, before.width, "the window fills the screen")
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("fullscreen left") { main.window.placement != .fullscreen }
            waitFor("the button to enter it again") { viewer.controls.fullscreen.accessibleName == "Fullscreen" }
            XCTAssertEqual(coordinator.depth, 2, "the viewer stays")
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the feed") { coordinator.depth == 1 }
        }
    }
}

extension ServerBackedTestCase {
    /// The first fact's detail opened with Enter on its card in a 1200 × 760 window, the focus on its picture.
    @MainActor
    func openTheFirstFactsDetail() throws -> (TesseraApp, SectionCoordinator, FactCard, FactDetailPage) {
        let app = try launch(backend: server.base)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: 1200, height: 760)
        main.show(.facts, transition: .none)
        let coordinator = main.coordinator(for: .facts)
        let page = try XCTUnwrap(coordinator.pages.first as? FactsPage)
        waitFor("the feed", timeout: .seconds(10)) { page.model.state.phase == .loaded && !page.cards.isEmpty }
        let first = try XCTUnwrap(page.cards.first)
        first.view.grabFocus()
        XCTAssertTrue(InputSimulation.key("Return", on: first.view))
        waitFor("the detail page") { coordinator.depth == 2 && !coordinator.container.transitionRunning }
        let detail = try XCTUnwrap(coordinator.topPage as? FactDetailPage)
        waitFor("the focus on the picture") { detail.image.picture.isFocusWidget }
        return (app, coordinator, first, detail)
    }
}
