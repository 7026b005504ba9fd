import Domain
import Foundation
import Logging
import Persistence
import XCTest

final class AtomicFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testWriteCreatesFoldersAndReplacesContentsLeavingNoTemporaryFiles() throws {
        let url = folder.appendingPathComponent("a/b/doc.json")
        try AtomicFile.write(Data("one".utf8), to: url)
        try AtomicFile.write(Data("two".utf8), to: url)
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "two")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        XCTAssertEqual(leftovers, ["doc.json"])
    }

    func testFailedWriteKeepsThePreviousContents() throws {
        let url = folder.appendingPathComponent("doc.json")
        try AtomicFile.write(Data("kept".utf8), to: url)
        // A folder where the file should go makes the rename fail.
        let blocked = folder.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked.appendingPathComponent("child"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try AtomicFile.write(Data("new".utf8), to: blocked))
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "kept")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["blocked", "doc.json"])
    }

    func testMoveAsideKeepsTheFileUnderANewName() throws {
        let url = folder.appendingPathComponent("doc.json")
        try AtomicFile.write(Data("{broken".utf8), to: url)
        let first = try AtomicFile.moveAside(url, now: Date(timeIntervalSince1970: 1000))
        XCTAssertEqual(first.lastPathComponent, "doc.json.corrupt-1000")
        try AtomicFile.write(Data("{again".utf8), to: url)
        let second = try AtomicFile.moveAside(url, now: Date(timeIntervalSince1970: 1000))
        XCTAssertEqual(second.lastPathComponent, "doc.json.corrupt-1000-2")
        XCTAssertEqual(try String(contentsOf: first, encoding: .utf8), "{broken")
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    func testSettingsStoreFallsBackToDefaultsAndKeepsACorruptFile() throws {
        let store = SettingsStore(url: folder.appendingPathComponent("settings.json"), logger: Logger(label: "test"))
        XCTAssertEqual(store.load(), .defaults, "missing file")
        try Data("not json".utf8).write(to: store.url)
        XCTAssertEqual(store.load(), .defaults, "corrupt file")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertEqual(names.count, 1)
        XCTAssertTrue(names[0].hasPrefix("settings.json.corrupt-"), names[0])
    }

    func testSettingsStoreSavesInTheBackgroundAndLoadsBack() {
        let store = SettingsStore(url: folder.appendingPathComponent("cfg/settings.json"), logger: Logger(label: "test"))
        var settings = AppSettings.defaults
        settings.appearance = .dark
        settings.lastSection = .facts
        store.save(settings)
        store.flush()
        XCTAssertEqual(store.load(), settings)
    }

    func testXDGPathsFollowTheEnvironment() {
        let paths = AppPaths.xdg(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/cfg", "XDG_CACHE_HOME": "relative"])
        XCTAssertEqual(paths.config.path, "/cfg/tessera")
        XCTAssertEqual(paths.data.path, "/home/u/.local/share/tessera")
        XCTAssertEqual(paths.cache.path, "/home/u/.cache/tessera", "relative XDG paths are ignored")
        XCTAssertEqual(AppPaths(root: URL(fileURLWithPath: "/d")).settingsFile.path, "/d/config/settings.json")
    }
}
