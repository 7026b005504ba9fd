@testable import FixtureServer
import Foundation
import XCTest

/// The built-in feed's details of its photographs look like other pictures, not their photograph again.
final class FeedPicturesTests: XCTestCase {
    /// Still posts as far as a maximized 1920 px window shows at once (some 60 posts, clips among them).
    static let screenful = 56

    func testDetailsNearTheirPhotographShowNeitherItsMiddleNorATextureNorAPartTwice() throws {
        let pictures = MediaLibrary(dataDirectory: ServerTestCase.dataDirectory).feedPictures
        var parts: Set<[Int]> = []
        var details = 0
        for slot in 0..<Self.screenful {
            guard let (photograph, round) = try XCTUnwrap(pictures.source(slot: slot)).detail else { continue }
            details += 1
            let name = FeedPictures.name(of: pictures.photographs[photograph])
            XCTAssertFalse(FeedPictures.textures.contains(name), "slot \(slot) cuts \(name), every part of which looks like the whole")
            XCTAssertTrue(parts.insert([photograph, round]).inserted, "slot \(slot) shows a part shown before")
            let region = FeedPictures.detailRegion(width: 1200, height: 800, round: round)
            let middle = (x: 600, y: 400)
            XCTAssertFalse((region.x...region.x + region.width).contains(middle.x) && (region.y...region.y + region.height).contains(middle.y),
                           "slot \(slot): \(name) shows its middle")
            XCTAssertLessThanOrEqual(region.width * region.height, 1200 * 800 / 6, "slot \(slot) shows too much of its photograph")
        }
        XCTAssertGreaterThan(details, 30)
    }
}
