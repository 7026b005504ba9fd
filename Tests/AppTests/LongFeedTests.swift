@testable import App
import Domain
import FixtureServer
import Foundation
import Gtk
import SimulatedInput
import TestSupport
import XCTest

/// A feed scrolled far: the posts far above the view are let go and their places kept, and they
/// come back from the saved pages, where they were, when the view goes up to them.
final class LongFeedTests: ServerBackedTestCase {
    static let posts = 1_000
    override class var serverConfiguration: @Sendable (inout FixtureServer.Configuration) -> Void { { $0.feedPosts = LongFeedTests.posts } }

    private var selects: Int { server.requestedPaths.filter { $0.hasPrefix("/user_details/select.php") }.count }

    func testPostsFarAboveAreLetGoAndComeBackInTheirPlaces() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            defer { main.window.destroy() }
            main.window.resize(width: 900, height: 640)
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the first page", timeout: .seconds(10)) { page.tiles.count >= 10 && page.model.state.paging != .loading }
            let newest = page.model.state.posts.prefix(10).map(\.id)

            // End, pressed again and again from a tile: the focus goes to the last post, the next
            // page comes, and posts far above are let go on the way.
            waitFor("tiles laid out") { page.tileFrames.first?.width ?? 0 > 100 }
            page.tiles[0].view.grabFocus()
            waitFor("the first tile focused") { page.tiles[0].view.isFocusWidget }
            var pages = 0
            while page.model.state.paging != .ended, pages < Self.posts / 10 + 2 {
                pages += 1
                let seen = page.model.state.releasedAbove + page.model.state.posts.count
                XCTAssertTrue(InputSimulation.key("End", on: main.window))
                waitForServer("the next page after End") {
                    page.model.state.releasedAbove + page.model.state.posts.count > seen || page.model.state.paging == .ended
                }
            }
            XCTAssertEqual(page.model.state.paging, .ended)
            waitFor("the posts far above let go") {
                page.adjustment.value = page.adjustment.maximumValue
                return page.model.state.releasedAbove + page.model.state.posts.count == Self.posts
                    && page.model.state.posts.count <= FeedPage.keptAbove + FeedPage.releaseStep
            }
            let state = page.model.state
            XCTAssertGreaterThan(state.releasedAbove, 0)

            // Every tile in view stands where the whole feed puts its post, and the scroll bar
            // still spans the whole feed.
            var whole = FeedPage.layout
            whole.prepare(width: page.grid.layout.width, count: Self.posts, viewHeight: page.adjustment.pageSize)
            waitFor("tiles in view", timeout: .seconds(20)) { page.isSettled && !page.tilesInView.isEmpty }
            for tile in page.tilesInView {
                let index = try XCTUnwrap(page.model.state.posts.firstIndex(of: tile.post)) + page.model.state.releasedAbove
                let origin = try XCTUnwrap(tile.view.origin(in: page.grid.canvas))
                XCTAssertEqual(Double(origin.y), whole.frame(at: index).y, accuracy: 0.5, "post \(index) in its row")
                XCTAssertEqual(Double(origin.x), whole.frame(at: index).x, accuracy: 0.5, "post \(index) in its column")
            }
            XCTAssertEqual(page.adjustment.upper, (whole.contentHeight + Double(FeedPage.footerHeight)).rounded(.up), accuracy: 1)

            // Home, from a tile in view: the view goes to the top, the posts come back from the
            // saved pages (nothing asked of the server), and the newest takes the focus.
            let asked = selects
            page.tilesInView[0].view.grabFocus()
            XCTAssertTrue(InputSimulation.key("Home", on: main.window))
            waitFor("the newest post focused at the top", timeout: .seconds(20)) {
                return page.model.state.releasedAbove == 0 && page.adjustment.value == 0
                    && page.tile(of: page.model.state.posts[0])?.view.isFocusWidget == true
            }
            XCTAssertEqual(page.model.state.posts.count, Self.posts)
            waitFor("the top shown", timeout: .seconds(20)) { page.isSettled }
            XCTAssertEqual(page.tiles.prefix(10).map(\.post.id), newest, "the newest posts, in order")
            let ids = page.model.state.posts.map(\.id)
            XCTAssertEqual(Set(ids).count, Self.posts, "none twice")
            XCTAssertEqual(ids.compactMap { Int($0) }, ids.compactMap { Int($0) }.sorted(by: >), "newest first")
            XCTAssertEqual(selects, asked, "read back from the saved pages")
        }
    }
}
