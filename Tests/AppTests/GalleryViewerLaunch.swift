@testable import App
import Domain
import Foundation
import Persistence
import SimulatedInput
import XCTest

extension AppTestCase {
    /// The app launched on a gallery of `urls` (its document written first), the item at `index` opened in the
    /// viewer from its context menu's View, as a person does; the caller destroys the window.
    @MainActor
    func launchViewingGallery(_ urls: [URL], at index: Int = 0, backend: URL, store: SettingsStore? = nil)
        throws -> (main: MainWindow, coordinator: SectionCoordinator, viewer: ViewerPage) {
        let document = AppPaths(root: dataDirectory).data.appendingPathComponent("gallery.json")
        try FileManager.default.createDirectory(at: document.deletingLastPathComponent(), withIntermediateDirectories: true)
        let items = urls.map { GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: $0.absoluteString) }
        try JSONEncoder().encode(GalleryDocument(items: items)).write(to: document)
        let app = try launch(store: store, backend: backend, section: .gallery)
        let main = try XCTUnwrap(app.mainWindow)
        let coordinator = main.coordinator(for: .gallery)
        let page = try XCTUnwrap(coordinator.pages.first as? GalleryPage)
        waitFor("the gallery", timeout: .seconds(10)) { page.isLaidOut && page.model.state.items.count == urls.count }
        XCTAssertTrue(InputSimulation.click(page.tile(at: index), button: 3, in: main.window))
        waitFor("the menu") { page.contextMenu?.isVisible == true }
        page.contextMenu?.activateItem("View")
        waitFor("the viewer in place") { coordinator.depth == 2 && !coordinator.container.transitionRunning }
        return (main, coordinator, try XCTUnwrap(coordinator.topPage as? ViewerPage))
    }
}
