@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import TestSupport
import XCTest
import SimulatedInput

/// Quit and started again, each section is where it was left: the same tiles and rows at the same
/// places on screen, from the first frame that shows them.
final class RestoreTests: ServerBackedTestCase {
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.feedPosts = 95 } }

    /// The posts whose tiles the window shows, top to bottom and left to right, with each tile's place in the window.
    @MainActor
    static func shownPosts(_ page: FeedPage, in window: Window) -> [String] {
        guard let view = page.grid.widget.origin(in: window) else { return [] }
        let bottom = view.y + page.grid.widget.allocation.height
        return page.tiles.compactMap { tile -> (id: String, x: Int, y: Int)? in
            guard let origin = tile.view.origin(in: window), origin.y < bottom,
                  origin.y + tile.view.allocation.height > view.y else { return nil }
            return (tile.post.id, origin.x, origin.y)
        }
        .sorted { ($0.y, $0.x) < ($1.y, $1.x) }
        .map { "\($0.id)@\($0.x),\($0.y)" }
    }

    /// Draws of `window` from now on call `record` after each frame's drawing, until it returns false.
    @MainActor
    static func watchFrames(of window: Window, _ record: @escaping @MainActor () -> Bool) {
        window.onNextDraw {
            guard record() else { return }
            watchFrames(of: window, record)
        }
    }

    func testTheFeedReopensOnThePostsItShowed() throws {
        try onMain {
            let store = makeStore()
            let app = try launch(store: store, backend: server.base, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 900, height: 640)
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the first page", timeout: .seconds(10)) { page.tiles.count >= 10 && page.model.state.paging != .loading }
            let grid = page.grid
            // The mouse wheel, as a person scrolls.
            let onScreen = try XCTUnwrap(main.window.screenOrigin), inWindow = try XCTUnwrap(grid.widget.origin(in: main.window))
            try xdotool(["mousemove", "\(onScreen.x + inWindow.x + 200)", "\(onScreen.y + inWindow.y + 200)"])
            // Pages come as the view nears the end; the wheel turns until four have come and the view is well down.
            for _ in 0..<20 where page.model.state.posts.count < 40 || grid.adjustment.value < 800 {
                let posts = page.model.state.posts.count, value = grid.adjustment.value
                try xdotool(["click", "--repeat", "4", "5"])
                GtkRuntime.iterate(until: { page.model.state.posts.count > posts || grid.adjustment.value > value }, timeout: .seconds(5))
            }
            XCTAssertGreaterThan(grid.adjustment.value, 800, "the wheel scrolled the feed")
            // A half-shown tile at the top: the offset into it comes back too.
            grid.adjustment.value += 37
            _ = try screen(of: main.window)
            waitFor("the view laid out") { grid.isLoaded }
            let before = Self.shownPosts(page, in: main.window)
            XCTAssertFalse(before.isEmpty)
            main.window.close()
            waitFor("the window to close") { !main.window.isVisible }
            store.flush()
            XCTAssertNotNil(store.load().listPlaces["feed"], "the place is saved")

            var firstShown: [String]?
            let second = try launch(store: makeStore(), backend: server.base) { app in
                guard let window = app.mainWindow?.window else { return }
                Self.watchFrames(of: window) {
                    guard let feed = app.mainWindow?.coordinators[.feed]?.pages.first as? FeedPage, !feed.tilesInView.isEmpty else { return true }
                    firstShown = Self.shownPosts(feed, in: window)
                    return false
                }
            }
            let main2 = try XCTUnwrap(second.mainWindow)
            XCTAssertEqual(main2.currentSection, .feed)
            let page2 = try XCTUnwrap(main2.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the posts shown", timeout: .seconds(10)) { firstShown != nil && page2.grid.isLoaded }
            XCTAssertEqual(firstShown, before, "the first frame with posts shows them where they were")
            XCTAssertEqual(Self.shownPosts(page2, in: main2.window), before)
        }
    }
}
