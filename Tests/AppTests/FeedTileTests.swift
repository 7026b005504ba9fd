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

/// The feed's tiles under the keys and the pointer (delete, menus, focus, highlight).
final class FeedTileTests: FeedTestCase {
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
}
