@testable import App
import FixtureServer
import Foundation
import ImagePipeline
import XCTest

/// The disk's cap is kept without holding up the first screen: the picture cache is listed and the database
/// counted for it once the first screen's pictures show.
final class DiskCountTests: ServerBackedTestCase {
    /// Slow enough that the gallery's first pictures take seconds after they are asked.
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void {
        { $0.link = LinkShape(bitsPerSecond: 1_000_000, latency: .milliseconds(100)) }
    }

    func testTheCapIsKeptToOnceTheFirstScreenShowsNotBefore() throws {
        try onMain {
            let app = try launch(store: makeStore(), section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the first pictures asked") { app.services.imagesIfMade != nil }
            let page = try XCTUnwrap(main.coordinator(for: .gallery).pages.first as? GalleryPage)
            let pictures = try XCTUnwrap(app.services.images.diskCache)
            XCTAssertFalse(page.showsContentInView, "over the slow link the pictures are still coming")
            XCTAssertEqual(pictures.capacity, ImagePipeline.Configuration().diskCapacity, "the cache not yet kept to its share")
            waitForServer("the first screen", timeout: .seconds(60)) { page.showsContentInView }
            waitFor("the cache kept to its share") { pictures.capacity == app.services.disk.picturesCapacity }
            XCTAssertNotEqual(app.services.disk.picturesCapacity, ImagePipeline.Configuration().diskCapacity)
        }
    }
}
