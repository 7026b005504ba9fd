@testable import App
import Domain
import Foundation
import Gtk
import Persistence
import SimulatedInput
import XCTest

/// Ctrl+C in the viewer, opened from the gallery in the main window, puts the picture's own
/// pixels on the clipboard, whole, past the pipeline's largest size bucket.
final class ViewerCopyTests: AppTestCase {
    func testControlCCopiesALargePictureAtItsOwnSize() throws {
        try onMain {
            let server = try startServer { $0.maximumSyntheticSide = 6000 }
            defer { stop(server) }
            let url = server.base.appendingPathComponent("synthetic/7/6000x4000.jpg")
            let document = AppPaths(root: dataDirectory).data.appendingPathComponent("gallery.json")
            try FileManager.default.createDirectory(at: document.deletingLastPathComponent(), withIntermediateDirectories: true)
            let item = GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: url.absoluteString)
            try JSONEncoder().encode(GalleryDocument(items: [item])).write(to: document)
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = main.coordinator(for: .gallery)
            let page = try XCTUnwrap(coordinator.pages.first as? GalleryPage)
            waitFor("the gallery", timeout: .seconds(10)) { page.isLaidOut && page.model.state.items.count == 1 }
            XCTAssertTrue(InputSimulation.click(page.tile(at: 0), button: 3, in: main.window))
            waitFor("the menu") { page.contextMenu?.isVisible == true }
            page.contextMenu?.activateItem("View")
            waitFor("the viewer") { coordinator.depth == 2 }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            waitForServer("the picture", timeout: .seconds(20)) { viewer.image.viewport != nil }

            Clipboard.setText("not a picture")
            XCTAssertTrue(InputSimulation.key("c", modifiers: .control, on: main.window))
            waitUntilTheClipboardOffersAPicture(timeout: .seconds(20))
            // Another program reads it back at its own size.
            XCTAssertEqual(try clipboardImageAsAnotherProgramReadsIt().prefix(2), ["6000", "4000"])
        }
    }
}
