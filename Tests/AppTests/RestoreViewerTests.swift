@testable import App
import Domain
import Foundation
import Gtk
import Persistence
import SimulatedInput
import XCTest

/// The Gallery's and Facts' viewers reopen on their picture at its zoom, as the Feed's does.
final class RestoreViewerTests: ServerBackedTestCase {
    @MainActor
    private func zoomTo200(_ viewer: ViewerPage, in window: Window) {
        waitForServer("the picture", timeout: .seconds(10)) { viewer.image.viewport != nil }
        XCTAssertTrue(InputSimulation.key("2", modifiers: .control, on: window))
        waitFor("200 %") { viewer.image.viewport?.zoom == 2 }
    }

    @MainActor
    private func reopenedViewer(in section: Section, depth: Int) throws -> (TesseraApp, ViewerPage) {
        var slid = false
        let again = try launch(backend: server.base) { app in
            app.mainWindow?.window.addTickCallback { _ in
                slid = slid || app.mainWindow?.coordinators[section]?.container.transitionRunning == true
                return true
            }
        }
        let main = try XCTUnwrap(again.mainWindow)
        XCTAssertEqual(main.currentSection, section)
        let coordinator = main.coordinator(for: section)
        waitForServer("the viewer open again", timeout: .seconds(10)) {
            (coordinator.topPage as? ViewerPage)?.image.viewport?.zoom == 2 && !coordinator.container.transitionRunning
        }
        XCTAssertEqual(coordinator.depth, depth)
        XCTAssertFalse(slid, "there at once, not sliding in")
        _ = try screen(of: main.window)
        XCTAssertEqual(ShownLabels.texts(under: main.window).filter { $0 == "200 %" }.count, 1, "the level said on its button")
        return (again, try XCTUnwrap(coordinator.topPage as? ViewerPage))
    }

    func testTheGallerysViewerReopensOnItsItemMovedSince() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = main.coordinator(for: .gallery)
            let page = try XCTUnwrap(coordinator.pages.first as? GalleryPage)
            waitFor("the gallery", timeout: .seconds(10)) { page.isLaidOut && page.model.state.items.count >= 3 }
            let item = page.model.state.items[2]
            clickWhenSteady(page.tile(at: 2), in: main.window)
            waitFor("the notice") { page.messageDialog?.isVisible == true }
            try click(GalleryDialogs.view, in: page.messageDialog)
            waitFor("the viewer") { coordinator.depth == 2 }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            zoomTo200(viewer, in: main.window)
            closeAndFinish(app)
            app.store.flush()
            // Moved first in the document between launches: the viewer follows the item, not its place.
            let document = AppPaths(root: dataDirectory).data.appendingPathComponent("gallery.json")
            var kept = try JSONDecoder().decode(GalleryDocument.self, from: Data(contentsOf: document))
            kept.items.removeAll { $0.uuid == item.uuid }
            kept.items.insert(item, at: 0)
            try JSONEncoder().encode(kept).write(to: document)

            let (again, viewer2) = try reopenedViewer(in: .gallery, depth: 2)
            defer { again.mainWindow?.window.destroy() }
            XCTAssertEqual(viewer2.item.url.absoluteString, item.imageUrlString, "the same item")
            XCTAssertEqual(again.mainWindow?.headerBar.title, "Item 1, \(try XCTUnwrap(URL(string: item.imageUrlString)).lastPathComponent)")
        }
    }

    func testTheFactsViewerReopensOverItsDetail() throws {
        try onMain {
            let (app, coordinator, beavers, detail) = try openTheFirstFactsDetail()
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertTrue(InputSimulation.key("Return", on: detail.image.picture))
            waitFor("the viewer") { coordinator.depth == 3 }
            zoomTo200(try XCTUnwrap(coordinator.topPage as? ViewerPage), in: main.window)
            closeAndFinish(app)
            app.store.flush()

            let (again, viewer2) = try reopenedViewer(in: .facts, depth: 3)
            defer { again.mainWindow?.window.destroy() }
            XCTAssertEqual(viewer2.item.url, beavers.fact.imageURL)
            // Back goes to the fact's detail, as it did.
            XCTAssertTrue(InputSimulation.key("Escape", on: try XCTUnwrap(again.mainWindow).window))
            let coordinator2 = try XCTUnwrap(again.mainWindow).coordinator(for: .facts)
            waitFor("back on the detail") { coordinator2.depth == 2 && coordinator2.topPage is FactDetailPage }
        }
    }
}
