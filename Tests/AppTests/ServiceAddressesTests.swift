@testable import App
import Domain
import TestSupport
import XCTest

/// One service from another address (`--service`, settings.json's `services`): Facts and the
/// gallery's first-run pictures from one server, everything else from the other.
final class ServiceAddressesTests: AppTestCase {
    func testFactsAndTheGalleryPicturesComeFromTheirOwnServerAndTheRestFromTheBackend() throws {
        try onMain {
            let backend = try startServer()
            defer { stop(backend) }
            let own = try startServer()
            defer { stop(own) }
            let app = try launch(backend: backend.base, services: [.facts: own.base, .images: own.base], section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }

            let gallery = try XCTUnwrap(main.coordinator(for: .gallery).pages.first as? GalleryPage)
            waitFor("the gallery's pictures", timeout: .seconds(15)) { gallery.isSettled && gallery.tiles.contains { $0.image.showsImage } }
            let links = gallery.model.state.items.map(\.imageUrlString)
            XCTAssertFalse(links.isEmpty)
            XCTAssertTrue(links.allSatisfy { $0.hasPrefix(own.base.absoluteString) }, "first-run links: \(links)")
            XCTAssertTrue(own.requestedPaths.contains { $0.hasPrefix("/images/") })

            main.show(.facts, transition: .none)
            let facts = try XCTUnwrap(main.coordinator(for: .facts).pages.first as? FactsPage)
            waitFor("the facts", timeout: .seconds(15)) { facts.model.state.phase == .loaded && facts.isSettled }
            main.show(.feed, transition: .none)
            let feed = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the feed", timeout: .seconds(15)) { feed.isSettled && !feed.tiles.isEmpty }

            XCTAssertTrue(own.requestedPaths.contains("/facts.json"))
            XCTAssertTrue(own.requestedPaths.contains { $0.hasPrefix("/facts/images/") }, "the facts' images, linked from its feed")
            XCTAssertFalse(backend.requestedPaths.contains("/facts.json"), "the backend is not asked for Facts")
            XCTAssertFalse(backend.requestedPaths.contains { $0.hasPrefix("/images/") || $0.hasPrefix("/facts/") })
            XCTAssertTrue(backend.requestedPaths.contains { $0.hasPrefix("/user_details/select.php") }, "the feed from the backend")
            XCTAssertFalse(own.requestedPaths.contains { $0.hasPrefix("/user_details/") })
        }
    }
}
