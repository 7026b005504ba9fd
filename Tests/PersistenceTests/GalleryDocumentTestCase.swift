import Domain
import Foundation
import XCTest

/// A gallery document in a temporary folder of its own for each test, and items to fill it.
class GalleryDocumentTestCase: XCTestCase {
    var folder: URL!
    var document: URL { folder.appendingPathComponent("gallery.json") }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-gallery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func items(_ count: Int) -> [GalleryItem] {
        (0..<count).map { GalleryItem(uuid: UUID().uuidString.lowercased(), imageUrlString: "https://example.org/\($0).jpg") }
    }
}
