import Domain
import Foundation
import HelperWire
import Repositories
import TestSupport
import XCTest

/// The pictures the gallery keeps from files and data: copied under a name of their own with
/// their real format's extension; what is not a picture, or too large, refused in words.
final class KeptPicturesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-pictures-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAFileIsCopiedUnderItsRealFormatAndOutlivesTheOriginal() async throws {
        let pictures = KeptPictureFiles(folder: folder.appendingPathComponent("kept"))
        // A PNG named as a JPEG.
        let original = folder.appendingPathComponent("holiday.jpg")
        try FileManager.default.copyItem(at: TestServer.picturesDirectory.appendingPathComponent("quarters.png"), to: original)
        let bytes = try Data(contentsOf: original)
        let kept = try await pictures.keep(fileAt: original.path)
        XCTAssertEqual(kept.pathExtension, "png")
        XCTAssertTrue(pictures.isKept(kept))
        XCTAssertFalse(pictures.isKept(original), "a file elsewhere is not one kept")
        try FileManager.default.removeItem(at: original)
        XCTAssertEqual(try Data(contentsOf: kept), bytes)
        let again = try await pictures.keep(bytes)
        XCTAssertNotEqual(again, kept, "each picture added is a copy of its own")
    }

    func testThePicturesNoItemNamesAreForgotten() async throws {
        let pictures = KeptPictureFiles(folder: folder.appendingPathComponent("kept"))
        let bytes = try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent("quarters.png"))
        let used = try await pictures.keep(bytes)
        let deleted = try await pictures.keep(bytes)
        await pictures.forget(allBut: [used, URL(string: "https://example.org/a.png")!])
        XCTAssertTrue(FileManager.default.fileExists(atPath: used.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: deleted.path), "the picture of an item deleted before")
    }

    func testWhatIsNoPictureOrTooLargeIsRefusedInWords() async throws {
        let pictures = KeptPictureFiles(folder: folder.appendingPathComponent("kept"))
        let notes = folder.appendingPathComponent("notes.txt")
        try "Not a picture".write(to: notes, atomically: true, encoding: .utf8)
        do {
            _ = try await pictures.keep(fileAt: notes.path)
            XCTFail("a text file kept")
        } catch {
            XCTAssertEqual(error.description, "“notes.txt” is not a picture Tessera can show.")
        }
        let large = folder.appendingPathComponent("large.png")
        FileManager.default.createFile(atPath: large.path, contents: nil)
        let handle = try FileHandle(forWritingTo: large)
        try handle.truncate(atOffset: UInt64(KeptPictureFiles.maximumBytes + 1))
        try handle.close()
        do {
            _ = try await pictures.keep(fileAt: large.path)
            XCTFail("a file past the limit kept")
        } catch {
            XCTAssertTrue(error.description.hasPrefix("“large.png” is too large ("), error.description)
        }
        do {
            _ = try await pictures.keep(fileAt: folder.appendingPathComponent("gone.png").path)
            XCTFail("a missing file kept")
        } catch {
            XCTAssertTrue(error.description.hasPrefix("“gone.png” could not be read: "), error.description)
        }
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("kept").path)) ?? []
        XCTAssertEqual(kept, [], "nothing kept")
    }

    /// A file the gallery keeps is no larger than a picture the pipeline would download.
    func testTheKeptFilesLimitIsThePipelinesLargestBody() {
        XCTAssertEqual(KeptPictureFiles.maximumBytes, DecodingLimits.maximumBodyBytes)
    }
}
