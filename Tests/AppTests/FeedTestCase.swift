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

/// What the feed's tests share: the feed opened in the real app against a real tessera-server.
class FeedTestCase: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.feedPosts = 95 } }

    @MainActor
    func openFeed() throws -> (TesseraApp, FeedPage) {
        let app = try launch(backend: server.base, section: .feed)
        let main = try XCTUnwrap(app.mainWindow)
        main.window.resize(width: 900, height: 640)
        let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
        waitFor("the first page", timeout: .seconds(10)) { page.tiles.count >= 10 && page.model.state.paging != .loading }
        return (app, page)
    }

    /// The app on the feed and its first video's tile, its poster shown; the caller destroys the window.
    @MainActor
    func firstVideo() throws -> (app: TesseraApp, main: MainWindow, video: FeedTile) {
        let (app, page) = try openFeed()
        let main = try XCTUnwrap(app.mainWindow)
        do {
            let video = try XCTUnwrap(page.tiles.first { $0.post.kind == .video })
            waitForServer("the poster", timeout: .seconds(15)) { video.showsPoster }
            return (app, main, video)
        } catch {
            main.window.destroy()
            throw error
        }
    }

    /// Clicks `video`'s tile and waits for the viewer playing it.
    @MainActor
    func play(_ video: FeedTile, in main: MainWindow) throws -> (SectionCoordinator, ViewerPage, ClipPlayback) {
        XCTAssertTrue(InputSimulation.click(video.view, in: main.window))
        let coordinator = main.coordinator(for: .feed)
        waitFor("the viewer") { coordinator.depth == 2 }
        let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
        let player = try XCTUnwrap(viewer.clip.player, "gtksink is installed by the set-up script")
        return (coordinator, viewer, player)
    }

    var selects: Int { server.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") }.count }

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

    /// A pixel on `tile`'s left edge, half-way down, as the screen shows it after the next frame:
    /// where the focus ring and the hover highlight are drawn.
    @MainActor
    func edgePixel(of tile: FeedTile, in window: Window) throws -> UInt32 {
        let origin = try XCTUnwrap(tile.view.origin(in: window))
        var drawn = false
        window.onNextDraw { drawn = true }
        window.queueDraw()
        waitFor("a frame drawn") { drawn }
        return try XCTUnwrap(Snapshot(onScreen: window)).pixel(x: origin.x + 1, y: origin.y + tile.view.allocation.height / 2)
    }
}
