@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import Repositories
import TestSupport
import Video
import XCTest
import SimulatedInput

/// The media feed in the real app against a real tessera-server.
final class FeedTests: FeedTestCase {
    /// F5 (and Ctrl+R, the header's Refresh) ask for the newest page again; the tiles stay. (New
    /// posts coming in above, and the refresh shown while it runs: the view-model's tests.)
    func testRefreshAsksForTheNewestPageAgainKeepingTheTiles() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("the refresh button") { main.refreshButton.isMapped }
            let before = selects, posts = page.model.state.posts.map(\.id)
            XCTAssertTrue(InputSimulation.key("F5", on: main.window))
            waitForServer("the newest page asked again") { self.selects == before + 1 }
            waitFor("the refresh to end") { !page.model.state.isRefreshing && !page.refreshSpinner.isVisible }
            let after = page.model.state.posts.map(\.id)
            XCTAssertEqual(Array(after.prefix(posts.count)), posts, "the same posts first (the next page may follow)")
            XCTAssertEqual(after.count, Set(after).count, "none twice")
            waitFor("the pages near the view loaded") { page.model.state.paging != .loading && page.isSettled }
            let settled = selects
            XCTAssertTrue(InputSimulation.key("r", modifiers: .control, on: main.window))
            waitForServer("asked again with Ctrl+R") { self.selects > settled }
        }
    }

    func testScrollingLoadsPagesUntilTheEnd() throws {
        try onMain {
            let (app, page) = try openFeed()
            defer { app.mainWindow?.window.destroy() }
            XCTAssertTrue(page.tiles[0].view.accessibleName.hasPrefix("Image post "))
            XCTAssertTrue(page.tiles.contains { $0.view.accessibleName.hasPrefix("Video post ") })
            waitFor("tiles laid out") { page.tileFrames.first?.width ?? 0 > 100 }
            let frames = page.tileFrames
            XCTAssertEqual(frames[0].width, frames[0].height, "square tiles")
            XCTAssertEqual(frames[1].y, frames[0].y, "a row of tiles")
            waitForServer("the end of the feed", timeout: .seconds(20)) {
                page.adjustment.value = page.adjustment.maximumValue
                return page.model.state.paging == .ended
            }
            XCTAssertEqual(page.model.state.posts.count, 95)
            XCTAssertEqual(selects, 10, "ten pages, one request each: \(server.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") })")
            let ids = page.model.state.posts.compactMap { Int($0.id) }
            XCTAssertEqual(ids, ids.sorted(by: >))
            // Only rows near the view have tiles; they were reused on the way down.
            XCTAssertLessThan(page.tilesMade, 80, "tiles are recycled, not one per post")
            let last = try XCTUnwrap(page.model.state.posts.last)
            waitFor("the view at the end") {
                page.adjustment.value = page.adjustment.maximumValue
                return page.tile(of: last) != nil
            }
            XCTAssertNotNil(page.tile(of: last), "the last post, in view, has a tile: \(page.tiles.map(\.post.id)) value \(page.adjustment.value) upper \(page.adjustment.upper)")
            XCTAssertNil(page.tile(of: page.model.state.posts[0]), "the first post, far above, has none")
            waitFor("the end shown") { page.footerState == "end" }
        }
    }

    /// A run against the server, then a relaunch with the backend gone: the same posts, their
    /// images from the disk, the offline banner and no full-page error. The backend started again
    /// on the same port, with four posts made meanwhile (a row in this window): the banner goes
    /// without a click, the new posts come in above, and the view stays on the post the user was
    /// looking at.
    func testARelaunchWithoutTheBackendShowsTheSavedPostsAndTheNewOnesMergeWithoutMovingTheView() throws {
        try onMain {
            let port = server.port
            stop(server)
            server = try startServer { $0.port = port; $0.feedPosts = 95; $0.feedNewestWithheld = 4 }
            let (app, page) = try openFeed()
            waitFor("the images in view", timeout: .seconds(10)) { page.tiles.prefix(8).allSatisfy { $0.image.showsImage } }
            let shownImages = page.tiles.prefix(8).filter { $0.post.kind == .image }.map(\.post.id)
            XCTAssertFalse(shownImages.isEmpty)
            // A page still coming in would be saved after `saved` is read.
            waitFor("no page coming in", timeout: .seconds(10)) { page.model.state.paging != .loading }
            let saved = page.model.state.posts.map(\.id)
            let names = page.tiles.map(\.view.accessibleName)
            app.mainWindow?.window.destroy()
            stop(server)

            let again = try launch(backend: URL(string: "http://127.0.0.1:\(port)/")!, section: .feed,
                                   offlineRetryDelays: [.milliseconds(500)])
            let main = try XCTUnwrap(again.mainWindow)
            defer { main.window.destroy() }
            main.window.resize(width: 900, height: 640)
            let offline = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the saved posts", timeout: .seconds(10)) { offline.tiles.count >= 10 && offline.grid.isLoaded }
            XCTAssertEqual(offline.model.state.posts.map(\.id), saved, "the same posts, in order")
            // A video's length joins its name once its poster is read, which needs the server.
            // The offline banner makes the view shorter, and the rows around it get their tiles
            // over a few turns: the tiles both launches have are compared.
            let withoutLength = { (name: String) in String(name.split(separator: ",")[0]) }
            let shared = min(names.count, offline.tiles.count)
            XCTAssertEqual(Array(offline.tiles.map(\.view.accessibleName).prefix(shared)).map(withoutLength),
                           Array(names.prefix(shared)).map(withoutLength), "the tiles are named as before")
            waitFor("the offline banner", timeout: .seconds(10)) { offline.isBannerVisible }
            XCTAssertTrue(offline.bannerLabel.text.hasPrefix("Offline. Showing what was saved at "), offline.bannerLabel.text)
            XCTAssertFalse(offline.isPlaceholderShown, "no full-page error")
            XCTAssertNotEqual(offline.footerState, "failed", "the footer does not speak for the page at the top")
            waitFor("the images from the disk", timeout: .seconds(10)) {
                offline.tiles.filter { shownImages.contains($0.post.id) }.allSatisfy { $0.image.showsImage }
            }
            for tile in offline.tiles.filter({ shownImages.contains($0.post.id) }) {
                XCTAssertGreaterThan(try colorsOnScreen(of: tile.image.picture, in: main.window), 12,
                                     "post \(tile.post.id) shows its picture on screen, not a placeholder")
            }

            // The user looks a little further down; then the backend comes back.
            waitFor("tiles laid out") { offline.tileFrames.first?.width ?? 0 > 100 }
            let rowHeight = Double(offline.tileFrames[0].height + 6)
            offline.adjustment.value = rowHeight * 1.5
            let looked = try XCTUnwrap(offline.tiles.first { offline.grid.layout.frame(at: offline.grid.index(of: $0.post.id)!).y >= rowHeight })
            let lookedAt = try XCTUnwrap(offline.grid.index(of: looked.post.id))
            let onScreen = offline.grid.layout.frame(at: lookedAt).y - offline.adjustment.value
            server = try startServer { $0.port = port; $0.feedPosts = 95 }
            waitFor("back online without a click", timeout: .seconds(10)) {
                !offline.isBannerVisible && offline.model.state.confirmed >= 10
            }
            let ids = offline.model.state.posts.map(\.id)
            XCTAssertEqual(Array(ids.dropFirst(4).prefix(6)), Array(saved.prefix(6)), "four new posts on top of the saved ones")
            XCTAssertTrue(ids.prefix(4).allSatisfy { Int($0)! > Int(saved[0])! })
            let now = try XCTUnwrap(offline.grid.index(of: looked.post.id))
            XCTAssertEqual(now, lookedAt + 4)
            XCTAssertEqual(offline.grid.layout.frame(at: now).y - offline.adjustment.value, onScreen, accuracy: 1,
                           "the post looked at stays where it was on screen")
        }
    }

    func testOpenNavigateAndEveryDismissPathReturnsToThePost() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = main.coordinator(for: .feed)
            let paths: [(String, @MainActor (ViewerPage) -> Void)] = [
                ("Escape", { _ in _ = InputSimulation.key("Escape", on: main.window) }),
                ("Alt+Left", { _ in _ = InputSimulation.key("Left", modifiers: .alt, on: main.window) }),
                ("back button", { _ in main.backButton.click() }),
                ("a click beside the picture", { viewer in
                    self.waitForServer("the picture placed") { viewer.image.viewport != nil }
                    self.waitFor("the viewer in place") { !coordinator.container.transitionRunning }
                    guard let point = Self.pointBesidePicture(viewer) else { return XCTFail("the picture leaves no room beside it: \(String(describing: viewer.image.viewport))") }
                    guard let window = main.window.screenOrigin, let inWindow = viewer.image.picture.origin(in: main.window) else {
                        return XCTFail("the picture is on screen")
                    }
                    // A real click (XTest): the picture has a window of its own.
                    try? self.xdotool(["mousemove", "\(window.x + inWindow.x + point.x)", "\(window.y + inWindow.y + point.y)", "click", "1"])
                }),
            ]
            for (name, dismiss) in paths {
                let tile = page.tiles[2]
                tile.view.grabFocus()
                XCTAssertTrue(InputSimulation.key("Return", on: tile.view))
                waitFor("the viewer (\(name))") { coordinator.depth == 2 }
                let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
                XCTAssertEqual(viewer.item.id, tile.post.id, "the exact post opens")
                waitForServer("the image") { viewer.image.viewport != nil }
                // The viewer covers the window, as Loupe's: no sidebar beside it, a dark backdrop around the picture.
                waitFor("the viewer across the window") { !main.sidebar.widget.isMapped && viewer.widget.allocation.width >= main.window.size.width - 12 }
                let port = try XCTUnwrap(viewer.image.viewport), corner = try XCTUnwrap(viewer.widget.origin(in: main.window))
                let shown = (width: port.shownSize.width / port.scale, height: port.shownSize.height / port.scale)
                XCTAssertTrue(shown.width < port.viewWidth - 16 || shown.height < port.viewHeight - 16, "room beside the picture: \(shown)")
                let beside = shown.width < port.viewWidth - 16 ? (x: corner.x + 4, y: corner.y + Int(port.viewHeight / 2))
                    : (x: corner.x + Int(port.viewWidth / 2), y: corner.y + 4)
                let backdrop = AppTestCase.channels(try screen(of: main.window).pixel(x: beside.x, y: beside.y))
                XCTAssertLessThan(backdrop.reduce(0, +) / 3, 64, "a dark backdrop beside the picture: \(backdrop)")
                // Right goes to the next post, Left back.
                waitFor("the viewer focused") { viewer.initialFocus.isFocusWidget }
                XCTAssertTrue(InputSimulation.key("Right", on: viewer.widget))
                waitFor("the next post") { viewer.item.id == page.tiles[3].post.id }
                XCTAssertEqual(main.headerBar.title, "4 of \(viewer.items.count)", "the post's place among those it can show, not its id")
                XCTAssertTrue(InputSimulation.key("Left", on: viewer.widget))
                waitFor("the post again") { viewer.item.id == tile.post.id }
                dismiss(viewer)
                waitFor("back at the grid by \(name)") { coordinator.depth == 1 }
                waitFor("the sidebar back after \(name)") { main.sidebar.widget.isMapped }
                waitFor("the post focused after \(name)") { tile.view.isFocusWidget }
            }
        }
    }

    /// A feed page whose transfer goes silent (its headers and 100 bytes, then nothing, the
    /// connection open) is given up after `pageStallTimeout` and asked for again: the posts
    /// come without the person doing anything, once each.
    func testAFeedPageThatGoesSilentIsGivenUpAndAskedForAgain() throws {
        try onMain {
            let stalling = try startServer {
                $0.feedPosts = 95
                $0.silentFeedPages = 1
            }
            defer { stop(stalling) }
            let app = try launch(backend: stalling.base, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            let started = ContinuousClock.now
            waitForServer("the first page after the silent one", timeout: .seconds(15)) { page.tiles.count >= 10 }
            let waited = ContinuousClock.now - started
            XCTAssertGreaterThanOrEqual(waited, LiveFeedRepository.pageStallTimeout - .seconds(1), "the first answer went silent")
            let selects = stalling.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") }.count
            XCTAssertGreaterThanOrEqual(selects, 2, "asked again after the silence")
            let ids = page.model.state.posts.map(\.id)
            XCTAssertEqual(ids.count, Set(ids).count, "each post once")
        }
    }

    func testAFailedFirstPageFillsTheSectionAndAFailedLaterPageShowsRetryBelow() throws {
        try onMain {
            let port = server.port
            stop(server)
            let app = try launch(backend: URL(string: "http://127.0.0.1:\(port)/")!, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the placeholder", timeout: .seconds(10)) { page.isPlaceholderShown }
            XCTAssertTrue(page.placeholderRetry.isVisible)
            server = try startServer { $0.port = port; $0.feedPosts = 95 }
            page.placeholderRetry.click()
            waitFor("the first page", timeout: .seconds(10)) { page.model.state.posts.count >= 10 && !page.isPlaceholderShown }

            // A later page fails: the grid stays, Retry shows below it and asks the same id again.
            waitFor("paging settled") { page.model.state.paging == .idle }
            stop(server)
            waitForServer("the failure below the grid", timeout: .seconds(20)) {
                page.adjustment.value = page.adjustment.maximumValue
                return page.footerState == "failed"
            }
            XCTAssertFalse(page.isPlaceholderShown)
            XCTAssertTrue(page.footerError.text.hasPrefix("More posts could not be loaded."), page.footerError.text)
            let loaded = page.model.state.posts.count
            let lastID = try XCTUnwrap(page.model.state.posts.last?.id)
            server = try startServer { $0.port = port; $0.feedPosts = 95 }
            page.footerRetry.click()
            waitFor("the next page", timeout: .seconds(10)) { page.model.state.posts.count > loaded }
            XCTAssertEqual(page.model.state.cursor.lastFetchID, page.model.state.posts.last?.id)
            XCTAssertNotEqual(lastID, page.model.state.posts.last?.id)
        }
    }
}
