@testable import App
import Composition
import Domain
import Foundation
import Persistence
import XCTest

/// The gallery of a launch whose built-in server is still starting: the pictures kept on this
/// machine show at once; those from the network wait for the server, then come.
final class GalleryWhileTheServerStartsTests: GalleryTestCase {
    func testKeptPicturesShowWhileTheServerStartsAndTheOthersComeOnceItAnswers() throws {
        let server = try onMain { try startServer() }
        defer { onMain { stop(server) } }
        let media = try XCTUnwrap(AppPaths.sourceTreeItem("data/media"))
        let pictures = CompositionRoot.galleryPictures(paths: AppPaths(root: dataDirectory))
        let kept = LockedValue<[URL]>()
        Task.detached {
            var urls: [URL] = []
            for name in ["dune-1200x800.jpg", "butterfly-600x400.png"] {
                if let url = try? await pictures.keep(fileAt: media.appendingPathComponent(name).path) { urls.append(url) }
            }
            kept.set(urls)
        }
        try onMain {
            waitForServer("the pictures kept", timeout: .seconds(10)) { kept.get()?.count == 2 }
            let items = (kept.get() ?? []).map { GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: $0.absoluteString) }
                + [GalleryItem(uuid: UUID().uuidString.lowercased(),
                               imageUrlString: server.base.appendingPathComponent("images/leaf-512x512.png").absoluteString)]
            // The app's own document, where a launch reads it.
            let data = AppPaths(root: dataDirectory).data
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try JSONEncoder().encode(GalleryDocument(items: items)).write(to: data.appendingPathComponent("gallery.json"))
        }
        // A server that starts only when the test says so.
        let (started, start) = AsyncStream<Void>.makeStream()
        let backend = Backend(base: server.base)
        let source = BackendSource.starting(expected: backend) {
            for await _ in started { break }
            return BackendSource.Started(backend: backend)
        }
        try onMain {
            let app = try launch(section: .gallery, source: source)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.coordinator(for: .gallery).pages.first as? GalleryPage)
            waitFor("the grid", timeout: .seconds(10)) { page.cellCount == 3 && page.isLaidOut }
            let uuids = page.model.state.items.map(\.uuid)
            @MainActor func shows(_ index: Int) -> Bool {
                page.picturesInView.first { $0.item == uuids[index] }?.image.isLoaded == true
            }
            waitForServer("the kept pictures", timeout: .seconds(20)) { shows(0) && shows(1) }
            XCTAssertFalse(shows(2), "the network's picture waits for the server")
            start.yield()
            waitForServer("the network's picture once the server answers", timeout: .seconds(20)) { shows(2) }
        }
    }
}
