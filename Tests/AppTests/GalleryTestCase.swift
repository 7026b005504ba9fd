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

/// The gallery screen in a real window over the real document on disk: what its tests share.
class GalleryTestCase: AppTestCase {
    var document: URL { dataDirectory.appendingPathComponent("gallery.json") }

    func items(_ count: Int) -> [GalleryItem] {
        (0..<count).map { GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: "http://127.0.0.1:9/\($0).jpg") }
    }

    func stored() throws -> [GalleryItem] {
        try JSONDecoder().decode(GalleryDocument.self, from: Data(contentsOf: document)).items
    }

    @MainActor
    func showGallery(with items: [GalleryItem], width: Int = 612) -> (GalleryPage, Window) {
        try? FileManager.default.removeItem(at: document)
        try! JSONEncoder().encode(GalleryDocument(items: items)).write(to: document)
        return openGallery(count: items.count, width: width)
    }

    /// The gallery of the document as it is, as the app builds it: pictures added from files
    /// kept in the data folder and read back from there.
    @MainActor
    func openGallery(count: Int, width: Int = 612) -> (GalleryPage, Window) {
        let pictures = CompositionRoot.galleryPictures(paths: AppPaths(root: dataDirectory))
        let page = GalleryPage(model: GalleryViewModel(repository: FileGalleryRepository(url: document, firstRunItems: []), pictures: pictures),
                               pipeline: ImagePipeline(client: CurlHTTPClient(), configuration: .init(retryDelays: []),
                                                       sources: [CompositionRoot.keptPictureSource([pictures])], decoders: [SandboxedImageDecoder()])) { nil }
        let window = Window()
        window.add(page.widget)
        window.setDefaultSize(width: width, height: 700)
        window.showAll()
        // The Add cell is the last entry: near the view only when the items are few.
        waitFor("the grid") { page.cellCount == count && (count > 12 || page.addCell?.view.isMapped == true) }
        return (page, window)
    }

    /// Waits for GTK to lay the tiles out at their final frames.
    @MainActor
    func waitForLayout(_ page: GalleryPage) {
        waitFor("the tiles at their frames") { page.isLaidOut }
    }
}
