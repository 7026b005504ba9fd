@testable import App
import Domain
import Foundation
import Gtk
import Localization
import Persistence
import SimulatedInput
import XCTest

/// Preferences' Storage: the cache's limit from `settings.json`, chosen with the keyboard, kept to at once and
/// remembered; each section's use of the disk; Clear. A full disk said above every section.
final class DiskCacheLimitTests: AppTestCase {
    func testPreferencesSaysEachSectionsUseAndTheLimitChosenIsKeptAndRemembered() throws {
        try onMain {
            let store = makeStore()
            var settings = store.load()
            settings.diskCacheMegabytes = 250
            store.save(settings)
            store.flush()
            let app = try launch(store: store, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitForServer("the first screen", timeout: .seconds(15)) { page.showsContentInView && page.grid.isLoaded }
            let pictures = try XCTUnwrap(app.services.images.diskCache)
            XCTAssertEqual(app.services.disk.capBytes, 250 * AppSettings.megabyte, "the limit from settings.json")
            waitFor("the feed's pictures kept on disk") { pictures.totalSize > 0 }

            XCTAssertTrue(InputSimulation.key("comma", modifiers: .control, on: main.window))
            waitFor("the Preferences window") { app.preferencesWindow?.window.isMapped == true }
            let preferences = try XCTUnwrap(app.preferencesWindow)
            let storage = preferences.storage
            XCTAssertEqual(storage.limit.activeText, sizeText(bytes: 250 * AppSettings.megabyte))
            let feed = try XCTUnwrap(storage.amounts[.feed])
            waitFor("the feed's use said") { feed.accessibleName.hasPrefix("Feed: ") }
            let feedBytes = try XCTUnwrap(app.services.disk.lastUse[.feed])
            XCTAssertGreaterThanOrEqual(feedBytes.cached, pictures.totalSize, "its pictures and its saved pages")
            XCTAssertEqual(feed.text, sizeText(bytes: feedBytes.total))
            XCTAssertEqual(storage.amounts[.facts]?.text, sizeText(bytes: app.services.disk.lastUse[.facts]?.total ?? 0))

            // The next limit, chosen with the keyboard: kept to at once and remembered.
            storage.limit.grabFocus()
            waitFor("the limit focused") { storage.limit.containsFocus }
            XCTAssertTrue(InputSimulation.key("Down", on: preferences.window))
            waitFor("500 MB chosen") { storage.limit.activeText == sizeText(bytes: 500 * AppSettings.megabyte) }
            XCTAssertEqual(app.store.load().diskCacheMegabytes, 500)
            XCTAssertEqual(app.services.disk.capBytes, 500 * AppSettings.megabyte)
            XCTAssertEqual(pictures.capacity, app.services.disk.picturesCapacity)
            XCTAssertGreaterThan(pictures.capacity, 250 * AppSettings.megabyte)

            // Clear asks over Preferences, then the pictures and the saved pages go.
            storage.clearButton.grabFocus()
            waitFor("Clear focused") { storage.clearButton.hasFocus }
            waitFor("Clear scrolled into view") {
                guard let top = storage.clearButton.origin(in: preferences.page)?.y else { return false }
                let shown = preferences.scroller.visibleVerticalRange
                return Double(top) >= shown.top && Double(top) + Double(storage.clearButton.allocation.height) <= shown.top + shown.height
            }
            XCTAssertTrue(InputSimulation.key("space", on: preferences.window))
            waitFor("the question") { app.clearDialog?.isMapped == true }
            try click(1, in: app.clearDialog)
            waitFor("the pictures deleted") { pictures.totalSize == 0 }
            waitFor("the feed's use said again") { feed.text != sizeText(bytes: feedBytes.total) }
        }
    }

    func testAFullDiskIsSaidAboveEverySectionAndThePicturesStillShow() throws {
        let cache = AppPaths(root: dataDirectory).cache
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        guard mount("tessera-test", cache.path, "tmpfs", 0, "size=1m") == 0 else {
            throw XCTSkip("a small tmpfs needs root (CI runs as root)")
        }
        defer { _ = umount2(cache.path, Int32(MNT_DETACH)) }
        try onMain {
            let app = try launch(section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitForServer("the first screen", timeout: .seconds(15)) { page.showsContentInView && page.grid.isLoaded }
            // End from a tile, again and again, until the pictures no longer fit in the megabyte.
            page.tiles[0].view.grabFocus()
            waitFor("the first tile focused") { page.tiles[0].view.isFocusWidget }
            waitForServer("the full disk said", timeout: .seconds(30)) {
                if !main.diskNotice.isShown { _ = InputSimulation.key("End", on: main.window) }
                return main.diskNotice.isShown
            }
            XCTAssertEqual(main.diskNotice.text, "The disk is full: pictures shown now are not kept for later. Nothing saved before was lost.")
            waitForServer("the pictures in view shown", timeout: .seconds(15)) { page.showsContentInView && page.grid.isLoaded }

            // Its button opens Preferences at Storage, the limit focused, and the notice goes.
            let storage = try XCTUnwrap(main.diskNotice.button)
            clickWhenSteady(storage, in: main.window)
            waitFor("Preferences at Storage") { app.preferencesWindow?.storage.limit.containsFocus == true }
            let preferences = try XCTUnwrap(app.preferencesWindow)
            waitFor("Storage in view whole") {
                let shown = preferences.scroller.visibleVerticalRange, clear = preferences.storage.clearButton
                guard let limit = preferences.storage.limit.origin(in: preferences.page), let end = clear.origin(in: preferences.page) else { return false }
                return Double(limit.y) >= shown.top && Double(end.y + clear.allocation.height) <= shown.top + shown.height
            }
            XCTAssertFalse(main.diskNotice.isShown)
        }
    }
}
