@testable import App
import Domain
import Features
import FixtureServer
import Foundation
import Gtk
import Persistence
import SimulatedInput
import TestSupport
import XCTest

/// A feed place far down: from the saved posts past the thousand read at launch, and with none saved,
/// by asking pages until it comes; never a frame of the top first.
final class RestoreFeedTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.feedPosts = 1_300 } }

    func testAPlacePastTheThousandSavedPostsReopensFromThemAndWithNoneSavedByPaging() throws {
        try onMain {
            let app = try launch(store: makeStore(), backend: server.base, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 900, height: 640)
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            // Down to the feed's end, every page saved on the way.
            scrollingDown(page, "the feed's end", timeout: .seconds(60)) { page.model.state.paging == .ended && page.grid.isLoaded }
            page.adjustment.value -= 300
            waitFor("laid out there") { page.grid.isLoaded }
            _ = try screen(of: main.window)
            let before = RestoreTests.shownPosts(page, in: main.window)
            let place = try XCTUnwrap(page.listPlace)
            XCTAssertGreaterThan(place.index, 1_100, "past the thousand posts read at launch")
            closeAndFinish(app)

            // Offline: the saved posts alone reach it (port 9 is discard, where nothing listens).
            let (second, page2, first2) = try relaunchWatchingTheFeedsFirstFrame(backend: URL(string: "http://127.0.0.1:9/")!)
            waitFor("the posts shown", timeout: .seconds(10)) { first2() != nil && page2.grid.isLoaded }
            XCTAssertEqual(first2(), before, "the first frame with posts shows them where they were")
            XCTAssertEqual(page2.listPlace?.key, place.key)
            closeAndFinish(second)

            // Online: the pages asked confirm the saved posts from the place down, not from the top.
            func selects() -> Int { server.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") }.count }
            let asked = selects()
            let (online, page4, first4) = try relaunchWatchingTheFeedsFirstFrame(backend: server.base)
            waitForServer("confirmed to the feed's end", timeout: .seconds(60)) { first4() != nil && page4.model.state.paging == .ended }
            XCTAssertEqual(first4(), before)
            XCTAssertLessThan(selects() - asked, 15, "pages from the place on, not the \(place.index / FeedCursor.pageSize) above it")
            XCTAssertEqual(page4.listPlace?.key, place.key)
            closeAndFinish(online)

            // Nothing saved: pages are asked until the place's post comes.
            let database = AppPaths(root: dataDirectory).data.appendingPathComponent("tessera.sqlite")
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database.path + suffix) }
            let (third, page3, first3) = try relaunchWatchingTheFeedsFirstFrame(backend: server.base)
            defer { third.mainWindow?.window.destroy() }
            waitForServer("the place reached by paging", timeout: .seconds(20)) { first3() != nil && page3.grid.isLoaded }
            XCTAssertEqual(first3(), before, "no frame of the top before the place")
            XCTAssertEqual(page3.listPlace?.key, place.key)
        }
    }

    /// On a slow machine the saved posts can come before the page's first frame: the "Loading…" status then
    /// shows first, and the pages past them were asked only after the ten-second deadline.
    func testPagesTowardThePlaceAreAskedWhenTheStatusShowsBeforeAnyFrame() throws {
        try onMain {
            let app = try launch(store: makeStore(), backend: server.base, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 900, height: 640)
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            scrollingDown(page, "four pages", timeout: .seconds(30)) {
                page.model.state.posts.count >= 4 * FeedCursor.pageSize && page.model.state.paging != .loading
            }
            page.adjustment.value = page.adjustment.upper - page.adjustment.pageSize
            waitFor("laid out there") { page.grid.isLoaded }
            let place = try XCTUnwrap(page.listPlace)
            XCTAssertLessThan(page.model.state.posts.count, place.index + FeedViewModel.postsPastPlace, "pages are needed past the saved posts")
            closeAndFinish(app)

            let again = try launch(store: makeStore(), backend: server.base) { HeldDrawing.hold($0.mainWindow!.window) }
            let main2 = try XCTUnwrap(again.mainWindow)
            defer { main2.window.destroy() }
            let page2 = try XCTUnwrap(main2.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the saved posts read, the status shown", timeout: .seconds(10)) { page2.awaitsPlace && page2.content.isStatusShown }
            HeldDrawing.letGo(main2.window)
            waitForServer("the place reached by paging, well before the deadline", timeout: .seconds(5)) {
                !page2.awaitsPlace && page2.grid.isLoaded
            }
            XCTAssertEqual(page2.listPlace?.key, place.key)
        }
    }
}

extension ServerBackedTestCase {
    /// Keeps `page` at its end, so pages are asked, until `done`.
    @MainActor
    func scrollingDown(_ page: FeedPage, _ what: String, timeout: Duration, until done: () -> Bool,
                       file: StaticString = #filePath, line: UInt = #line) {
        waitForServer(what, timeout: timeout, {
            if page.grid.isReady, page.grid.isLoaded { page.adjustment.value = page.adjustment.upper - page.adjustment.pageSize }
            return done()
        }, file: file, line: line)
    }

    /// Launched again on the feed, recording the posts of the first frame that shows any.
    @MainActor
    func relaunchWatchingTheFeedsFirstFrame(backend: URL) throws -> (TesseraApp, FeedPage, () -> [String]?) {
        var firstShown: [String]?
        let app = try launch(store: makeStore(), backend: backend) { app in
            guard let window = app.mainWindow?.window else { return }
            RestoreTests.watchFrames(of: window) {
                guard let feed = app.mainWindow?.coordinators[.feed]?.pages.first as? FeedPage, feed.grid.widget.isMapped,
                      !feed.tilesInView.isEmpty else { return true }
                firstShown = RestoreTests.shownPosts(feed, in: window)
                return false
            }
        }
        let main = try XCTUnwrap(app.mainWindow)
        XCTAssertEqual(main.currentSection, .feed)
        return (app, try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage), { firstShown })
    }
}
