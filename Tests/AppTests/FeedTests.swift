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
final class FeedTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.feedPosts = 95 } }

    @MainActor
    private func openFeed() throws -> (TesseraApp, FeedPage) {
        let app = try launch(backend: server.base, section: .feed)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: 900, height: 640)
        let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
        waitFor("the first page", timeout: .seconds(10)) { page.tiles.count >= 10 && page.model.state.paging != .loading }
        return (app, page)
    }

    /// Clicks `video`'s tile and waits for the viewer playing it.
    @MainActor
    private func play(_ video: FeedTile, in main: MainWindow) throws -> (SectionCoordinator, ViewerPage, ClipPlayback) {
        XCTAssertTrue(InputSimulation.click(video.view, in: main.window))
        let coordinator = main.coordinator(for: .feed)
        waitFor("the viewer") { coordinator.depth == 2 }
        let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
        let player = try XCTUnwrap(viewer.clip.player, "gtksink is installed by the set-up script")
        return (coordinator, viewer, player)
    }

    private var selects: Int { server.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") }.count }

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

    /// A point of the viewer's picture area beside the fitted picture (in its margin), if any.
    @MainActor
    static func pointBesidePicture(_ viewer: ViewerPage) -> (x: Int, y: Int)? {
        guard let viewport = viewer.image.viewport else { return nil }
        let scale = Double(viewport.scale)
        // The middle of the margin beside the picture.
        if viewport.origin.x >= 4 * scale { return (Int(viewport.origin.x / scale / 2), Int(viewport.viewHeight / 2)) }
        if viewport.origin.y >= 4 * scale { return (Int(viewport.viewWidth / 2), Int(viewport.origin.y / scale / 2)) }
        return nil
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
                // Right goes to the next post, Left back.
                waitFor("the viewer focused") { viewer.widget.isFocusWidget }
                XCTAssertTrue(InputSimulation.key("Right", on: viewer.widget))
                waitFor("the next post") { viewer.item.id == page.tiles[3].post.id }
                XCTAssertEqual(main.headerBar.title, page.tiles[3].post.accessibleName)
                XCTAssertTrue(InputSimulation.key("Left", on: viewer.widget))
                waitFor("the post again") { viewer.item.id == tile.post.id }
                dismiss(viewer)
                waitFor("back at the grid by \(name)") { coordinator.depth == 1 }
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

    /// Minimized, the window's clip pauses and nothing ahead of the view is fetched; back on
    /// screen, it plays on and the fetches go. A window manager minimizing a window unmaps it:
    /// xdotool does that here (Xvfb has no window manager).
    func testAClipPausesWhileTheWindowIsMinimizedAndPlaysOnWhenItIsBack() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let video = try XCTUnwrap(page.tiles.first { $0.post.kind == .video })
            waitForServer("the poster", timeout: .seconds(15)) { video.showsPoster }
            let (_, viewer, player) = try play(video, in: main)
            waitForServer("playback to start", timeout: .seconds(10)) { (player.position ?? .zero) > .zero }
            let window = try XCTUnwrap(InputSimulation.xWindowID(of: main.window))
            try xdotool(["windowunmap", "--sync", "\(window)"])
            waitFor("paused while minimized") { !player.isPlaying && main.window.isInWindowOutOfSight }
            XCTAssertEqual(viewer.clip.playButton.accessibleName, "Play")
            XCTAssertTrue(app.services.images.holdsPrefetching, "nothing ahead of the view fetched while minimized")
            let stopped = try XCTUnwrap(player.position)
            try xdotool(["windowmap", "--sync", "\(window)"])
            waitFor("playing again") { player.isPlaying && !main.window.isInWindowOutOfSight }
            XCTAssertEqual(viewer.clip.playButton.accessibleName, "Pause")
            XCTAssertFalse(app.services.images.holdsPrefetching, "fetching ahead again")
            waitForServer("playback to advance", timeout: .seconds(10)) { (player.position ?? .zero) > stopped || player.reachedEnd }
            // A clip the person paused stays paused when the window comes back.
            viewer.clip.togglePlaying()
            XCTAssertFalse(player.isPlaying)
            try xdotool(["windowunmap", "--sync", "\(window)"])
            waitFor("minimized") { main.window.isInWindowOutOfSight }
            try xdotool(["windowmap", "--sync", "\(window)"])
            waitFor("back") { !main.window.isInWindowOutOfSight }
            XCTAssertFalse(player.isPlaying, "the person's pause is kept")
        }
    }

    func testVideoPostsShowTheirPosterAndPlayInTheViewer() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let video = try XCTUnwrap(page.tiles.first { $0.post.kind == .video })
            waitForServer("the poster", timeout: .seconds(15)) { video.showsPoster }
            XCTAssertEqual(video.durationLabel.text, "0:02")
            XCTAssertEqual(video.view.accessibleName, "Video post \(video.post.id), 0:02")
            if case .image = video.image.content {} else { XCTFail("the poster shows: \(video.image.content)") }

            let (coordinator, viewer, player) = try play(video, in: main)
            // The poster covers the video until its first frame comes.
            XCTAssertTrue(viewer.clip.videoPoster.picture.isVisible)
            waitForServer("playback to advance", timeout: .seconds(10)) { (player.position ?? .zero) > .milliseconds(300) }
            XCTAssertTrue(player.isPlaying)
            XCTAssertTrue(player.showsPicture)
            XCTAssertFalse(viewer.clip.videoPoster.picture.isVisible, "the video shows, not the poster")
            XCTAssertFalse(viewer.clip.videoSpinner.isVisible)
            XCTAssertEqual(viewer.clip.playButton.accessibleName, "Pause")
            // Space pauses; the position stops moving.
            XCTAssertTrue(InputSimulation.key("space", on: viewer.widget))
            waitFor("paused") { !player.isPlaying }
            XCTAssertEqual(viewer.clip.playButton.accessibleName, "Play")
            // Home on the seek bar goes back to the start: the helper seeks, and so does the app.
            let before = try XCTUnwrap(player.position)
            viewer.clip.seekBar.grabFocus()
            XCTAssertTrue(InputSimulation.key("Home", on: viewer.clip.seekBar))
            waitFor("back at the start", timeout: .seconds(10)) { (player.position ?? before) < .milliseconds(100) }
            XCTAssertFalse(player.isPlaying)
            viewer.clip.muteButton.click()
            XCTAssertTrue(player.isMuted)
            XCTAssertEqual(viewer.clip.muteButton.accessibleName, "Unmute")
            viewer.clip.playButton.click()
            waitForServer("the end of the clip", timeout: .seconds(10)) { player.reachedEnd }
            XCTAssertNil(player.failure)
            XCTAssertTrue(viewer.clip.timeLabel.text.hasSuffix("/ 0:02"), viewer.clip.timeLabel.text)
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back at the grid") { coordinator.depth == 1 }
            waitFor("the video's tile focused") { video.view.isFocusWidget }
            // The clip was demuxed and decoded by the player helper: none of GStreamer's demuxers
            // and decoders were loaded here.
            let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
            for library in ["libgstisomp4", "libgstlibav", "libavcodec", "libavformat", "libgstmatroska", "libvpx", "libgstplayback"] {
                XCTAssertFalse(maps.contains(library), "\(library) is not loaded in the app")
            }
        }
    }

    /// The player helper killed while the clip plays: the viewer says so in words and the app
    /// goes on; shown again, the clip plays from a new helper.
    func testAPlayerHelperThatDiesFailsTheVideoInWordsAndTheNextShowingPlays() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("tiles laid out") { page.tileFrames.first?.width ?? 0 > 100 }
            let index = try XCTUnwrap(page.tiles.firstIndex { $0.post.kind == .video })
            XCTAssertTrue(InputSimulation.click(page.tiles[index].view, in: main.window))
            let coordinator = main.coordinator(for: .feed)
            waitFor("the viewer") { coordinator.depth == 2 }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            let player = try XCTUnwrap(viewer.clip.player)
            waitForServer("playback", timeout: .seconds(10)) { (player.position ?? .zero) > .zero }
            let helper = try XCTUnwrap(player.helperProcessIdentifier)
            kill(helper, SIGKILL)
            waitFor("the failure shown", timeout: .seconds(10)) { viewer.clip.videoError.isVisible }
            XCTAssertEqual(viewer.clip.videoError.text, "This video cannot be played. The video player stopped on this clip (signal 9).")
            XCTAssertEqual(viewer.clip.playButton.accessibleName, "Play")

            let neighbour = index + 1 < page.tiles.count ? "Right" : "Left"
            XCTAssertTrue(InputSimulation.key(neighbour, on: viewer.widget))
            waitFor("the next post") { viewer.item.id != page.tiles[index].post.id }
            XCTAssertTrue(InputSimulation.key(neighbour == "Right" ? "Left" : "Right", on: viewer.widget))
            waitFor("the video again") { viewer.item.id == page.tiles[index].post.id }
            let again = try XCTUnwrap(viewer.clip.player)
            waitForServer("playback again", timeout: .seconds(10)) { (again.position ?? .zero) > .zero }
            XCTAssertNotEqual(again.helperProcessIdentifier, helper)
            XCTAssertFalse(viewer.clip.videoError.isVisible)
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

    func testLeavingTheViewerFreesItAndItsPlayer() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let coordinator = main.coordinator(for: .feed)
            weak var viewer: ViewerPage?
            weak var player: ClipPlayback?
            var finalized = false
            do {
                waitFor("tiles laid out") { page.tileFrames.first?.width ?? 0 > 100 }
                let video = try XCTUnwrap(page.tiles.first { $0.post.kind == .video })
                XCTAssertTrue(InputSimulation.click(video.view, in: main.window))
                waitFor("the viewer") { coordinator.depth == 2 }
                let shown = try XCTUnwrap(coordinator.topPage as? ViewerPage)
                viewer = shown
                player = shown.clip.player
                shown.widget.onFinalize { finalized = true }
                waitForServer("playback", timeout: .seconds(10)) { (shown.clip.player?.position ?? .zero) > .zero }
            }
            main.backButton.click()
            waitFor("the viewer freed", timeout: .seconds(5)) { viewer == nil && player == nil && finalized }
        }
    }

    func testDeleteThroughTheContextMenuAndConfirmation() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("tiles laid out") { page.tileFrames.first?.width ?? 0 > 100 }
            let victim = page.tiles[1], next = page.tiles[2]
            let victimFrame = page.tileFrames[1]
            victim.view.grabFocus()
            XCTAssertTrue(InputSimulation.key("F10", modifiers: .shift, on: victim.view))
            waitFor("the context menu") { page.contextMenu?.isVisible == true }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Open", "Delete"])
            page.contextMenu?.activateItem("Delete")
            waitFor("the confirmation") { page.dialog?.isVisible == true }
            XCTAssertEqual(page.dialog?.text, "Delete this post?")
            let victimPost = victim.post, nextPost = next.post
            page.dialog?.respond(1)
            // Tiles are reused, so the deleted post is looked for, not its tile.
            waitForServer("the delete", timeout: .seconds(5)) {
                !page.model.state.posts.contains(victimPost) && page.tile(of: victimPost) == nil
            }
            XCTAssertFalse(page.tiles.contains { $0.post == victimPost })
            XCTAssertTrue(server.requestedPaths.contains("/user_details/delete.php"))
            waitFor("the gap closed") { page.tileFrames[1] == victimFrame }
            XCTAssertEqual(page.tiles[1].post, nextPost, "the next post took its place")
            XCTAssertTrue(page.tile(of: nextPost)?.view.isFocusWidget == true, "and the focus")
            XCTAssertEqual(page.adjustment.value, 0, "the view did not jump")
        }
    }

    /// Clicked as a person would: the confirmation leaves the screen after Cancel and after Delete
    /// (it used to stay up after either answer until Escape).
    func testTheDeleteConfirmationLeavesTheScreenAfterEitherAnswer() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            let victim = page.model.state.posts[0]
            for answer in [Dialog.cancel, 1] {
                page.model.requestDelete(id: victim.id)
                waitFor("the confirmation") { MessageDialog.textsOnScreen() == ["Delete this post?"] }
                try click(answer, in: page.dialog)
                if answer == Dialog.cancel {
                    waitFor("the answer taken") { page.model.state.notice == nil }
                    XCTAssertTrue(page.model.state.posts.contains(victim), "Cancel deletes nothing")
                } else {
                    waitForServer("the delete", timeout: .seconds(5)) { !page.model.state.posts.contains(victim) }
                }
                XCTAssertEqual(MessageDialog.textsOnScreen(), [], "no dialog is left on screen")
                XCTAssertNil(page.dialog)
            }
        }
    }

    func testARightClickFocusesTheTileUnderThePointerAndOpensItsMenu() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("tiles laid out") { page.tileFrames.first?.width ?? 0 > 100 }
            let tile = page.tiles[3]
            XCTAssertEqual(tile.view.accessibleRole, "push button")
            XCTAssertTrue(InputSimulation.click(tile.view, button: 3, in: main.window))
            waitFor("the context menu") { page.contextMenu?.isVisible == true }
            XCTAssertEqual(page.contextMenu?.itemLabels, ["Open", "Delete"])
            XCTAssertTrue(tile.view.isFocusWidget, "the tile under the pointer took the focus")
            page.contextMenu?.activateItem("Open")
            let coordinator = main.coordinator(for: .feed)
            waitFor("the viewer") { coordinator.depth == 2 }
            XCTAssertEqual((coordinator.topPage as? ViewerPage)?.item.id, tile.post.id)
        }
    }

    func testTheFocusedTileShowsARing() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("tiles laid out") { page.tileFrames.first?.width ?? 0 > 100 }
            // GTK draws focus only in the active window (a person looks at the window they type in).
            main.window.present()
            waitFor("the window active") { main.window.isActive }
            let tile = page.tiles[1], other = page.tiles[2]
            @MainActor func edge() throws -> UInt32 { try edgePixel(of: tile, in: main.window) }
            other.view.grabFocus()
            let unfocused = try edge()
            tile.view.grabFocus()
            waitFor("the tile focused") { tile.view.isFocusWidget }
            let focused = try edge()
            XCTAssertNotEqual(focused, unfocused, "the ring shows on the focused tile")
            other.view.grabFocus()
            XCTAssertEqual(try edge(), unfocused, "and goes when the focus moves on")
        }
    }

    func testArrowKeysMoveTheFocusBetweenTiles() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("tiles laid out") { page.tileFrames.first?.width ?? 0 > 100 }
            let tiles = page.tiles, frames = page.tileFrames
            let columns = frames.filter { $0.y == frames[0].y }.count
            XCTAssertGreaterThan(columns, 2)
            tiles[0].view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Right", on: main.window))
            waitFor("the next tile focused") { page.tile(of: tiles[1].post)?.view.isFocusWidget == true }
            XCTAssertTrue(InputSimulation.key("Down", on: main.window))
            waitFor("the tile below focused") { page.tile(of: tiles[1 + columns].post)?.view.isFocusWidget == true }
            XCTAssertTrue(InputSimulation.key("Left", on: main.window))
            waitFor("the tile to its left focused") { page.tile(of: tiles[columns].post)?.view.isFocusWidget == true }
            XCTAssertTrue(InputSimulation.key("Up", on: main.window))
            waitFor("back on the first tile") { page.tile(of: tiles[0].post)?.view.isFocusWidget == true }
        }
    }

    func testTheTileUnderThePointerIsHighlighted() throws {
        try onMain {
            let (app, page) = try openFeed()
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            waitFor("tiles laid out") { page.tileFrames.first?.width ?? 0 > 100 }
            let tile = page.tiles[2], other = page.tiles[3]
            @MainActor func edge() throws -> UInt32 { try edgePixel(of: tile, in: main.window) }
            InputSimulation.movePointer(to: other.view, in: main.window)
            waitFor("the other tile highlighted") { other.view.isHovered }
            let plain = try edge()
            InputSimulation.movePointer(to: tile.view, in: main.window)
            waitFor("the tile under the pointer highlighted") { tile.view.isHovered }
            XCTAssertFalse(other.view.isHovered, "only one tile at a time")
            XCTAssertNotEqual(try edge(), plain, "the highlight shows on the tile's edge")
            InputSimulation.movePointerAway(from: main.window)
            waitFor("no tile highlighted once the pointer left") { !tile.view.isHovered }
        }
    }

    /// A pixel on `tile`'s left edge, half-way down, as the screen shows it after the next frame:
    /// where the focus ring and the hover highlight are drawn.
    @MainActor
    private func edgePixel(of tile: FeedTile, in window: Window) throws -> UInt32 {
        let origin = try XCTUnwrap(tile.view.origin(in: window))
        var drawn = false
        window.onNextDraw { drawn = true }
        window.queueDraw()
        waitFor("a frame drawn") { drawn }
        return try XCTUnwrap(Snapshot(onScreen: window)).pixel(x: origin.x + 1, y: origin.y + tile.view.allocation.height / 2)
    }
}
