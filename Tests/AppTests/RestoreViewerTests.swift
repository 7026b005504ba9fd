@testable import App
import Domain
import Foundation
import Gtk
import Persistence
import SimulatedInput
import Video
import XCTest

/// The Gallery's and Facts' viewers reopen on their picture at its zoom, as the Feed's does; the Feed's reopens on
/// its clip, paused at its second.
final class RestoreViewerTests: ServerBackedTestCase {
    @MainActor
    private func zoomTo200(_ viewer: ViewerPage, in window: Window) {
        waitForServer("the picture", timeout: .seconds(10)) { viewer.image.viewport != nil }
        XCTAssertTrue(InputSimulation.key("2", modifiers: .control, on: window))
        waitFor("200 %") { viewer.image.viewport?.zoom == 2 }
    }

    @MainActor
    private func reopenedViewer(in section: Section, depth: Int) throws -> (TesseraApp, ViewerPage) {
        var slid = false
        let again = try launch(backend: server.base) { app in
            app.mainWindow?.window.addTickCallback { _ in
                slid = slid || app.mainWindow?.coordinators[section]?.container.transitionRunning == true
                return true
            }
        }
        let main = try XCTUnwrap(again.mainWindow)
        XCTAssertEqual(main.currentSection, section)
        let coordinator = main.coordinator(for: section)
        waitForServer("the viewer open again", timeout: .seconds(10)) {
            (coordinator.topPage as? ViewerPage)?.image.viewport?.zoom == 2 && !coordinator.container.transitionRunning
        }
        XCTAssertEqual(coordinator.depth, depth)
        XCTAssertFalse(slid, "there at once, not sliding in")
        _ = try screen(of: main.window)
        XCTAssertEqual(ShownLabels.texts(under: main.window).filter { $0 == "200 %" }.count, 1, "the level said on its button")
        return (again, try XCTUnwrap(coordinator.topPage as? ViewerPage))
    }

    func testTheFeedsViewerReopensOnItsClipPausedAtItsSecond() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .feed)
            let main = try XCTUnwrap(app.mainWindow)
            main.window.resize(width: 900, height: 640)
            let page = try XCTUnwrap(main.coordinator(for: .feed).pages.first as? FeedPage)
            waitFor("the first page", timeout: .seconds(10)) { page.tiles.count >= 10 && page.isSettled }
            let video = try XCTUnwrap(page.tiles.first { $0.post.kind == .video })
            clickWhenSteady(video.view, in: main.window)
            let coordinator = main.coordinator(for: .feed)
            waitFor("the viewer") { coordinator.depth == 2 }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            let player = try XCTUnwrap(viewer.clip.player)
            waitForServer("playback", timeout: .seconds(10)) { (player.position ?? .zero) > .zero }
            XCTAssertTrue(InputSimulation.key("space", on: viewer.widget))
            waitFor("paused") { !player.isPlaying }
            // Home, then twelve steps of a tenth of a second on the seek bar.
            viewer.clip.seekBar.grabFocus()
            XCTAssertTrue(InputSimulation.key("Home", on: viewer.clip.seekBar))
            for _ in 0..<12 { XCTAssertTrue(InputSimulation.key("Right", on: viewer.clip.seekBar)) }
            waitFor("at 1.2 s", timeout: .seconds(10)) { abs(((player.position ?? .zero) - .milliseconds(1200)).seconds) < 0.05 }
            closeAndFinish(app)
            app.store.flush()

            // Every frame until the clip shows its second: the poster covers it, never its start.
            var startShown: [Double] = []
            let again = try launch(backend: server.base) { app in
                RestoreTests.watchFrames(of: app.mainWindow!.window) {
                    guard let viewer = app.mainWindow?.coordinators[.feed]?.topPage as? ViewerPage else { return true }
                    if !viewer.clip.videoPoster.picture.isVisible, let position = viewer.clip.player?.position, position < .seconds(1) {
                        startShown.append(position.seconds)
                    }
                    return !viewer.showsContentInView
                }
            }
            let main2 = try XCTUnwrap(again.mainWindow)
            defer { main2.window.destroy() }
            let coordinator2 = main2.coordinator(for: .feed)
            waitForServer("the clip open again", timeout: .seconds(15)) { (coordinator2.topPage as? ViewerPage)?.showsContentInView == true }
            let viewer2 = try XCTUnwrap(coordinator2.topPage as? ViewerPage)
            let player2 = try XCTUnwrap(viewer2.clip.player)
            XCTAssertEqual(viewer2.item.id, video.post.id, "the same clip")
            XCTAssertEqual(startShown, [], "no frame showed the clip's start")
            XCTAssertFalse(player2.isPlaying, "paused")
            XCTAssertEqual(viewer2.clip.playButton.accessibleName, "Play")
            XCTAssertFalse(viewer2.clip.videoPoster.picture.isVisible, "the clip's frame shows, not its poster")
            XCTAssertEqual(try XCTUnwrap(player2.position).seconds, 1.2, accuracy: 0.05)
            XCTAssertEqual(viewer2.clip.timeLabel.text, "0:01 / 0:02")
            // Played, it goes on from there to its end.
            XCTAssertTrue(InputSimulation.key("space", on: viewer2.widget))
            waitForServer("the end", timeout: .seconds(10)) { player2.reachedEnd }
            XCTAssertNil(player2.failure)
        }
    }

    func testTheGallerysViewerReopensOnItsItemMovedSince() throws {
        try onMain {
            let app = try launch(backend: server.base, section: .gallery)
            let main = try XCTUnwrap(app.mainWindow)
            let coordinator = main.coordinator(for: .gallery)
            let page = try XCTUnwrap(coordinator.pages.first as? GalleryPage)
            waitFor("the gallery", timeout: .seconds(10)) { page.isLaidOut && page.model.state.items.count >= 3 }
            let item = page.model.state.items[2]
            clickWhenSteady(page.tile(at: 2), in: main.window)
            waitFor("the notice") { page.messageDialog?.isVisible == true }
            try click(GalleryDialogs.view, in: page.messageDialog)
            waitFor("the viewer") { coordinator.depth == 2 }
            let viewer = try XCTUnwrap(coordinator.topPage as? ViewerPage)
            zoomTo200(viewer, in: main.window)
            closeAndFinish(app)
            app.store.flush()
            // Moved first in the document between launches: the viewer follows the item, not its place.
            let document = AppPaths(root: dataDirectory).data.appendingPathComponent("gallery.json")
            var kept = try JSONDecoder().decode(GalleryDocument.self, from: Data(contentsOf: document))
            kept.items.removeAll { $0.uuid == item.uuid }
            kept.items.insert(item, at: 0)
            try JSONEncoder().encode(kept).write(to: document)

            let (again, viewer2) = try reopenedViewer(in: .gallery, depth: 2)
            defer { again.mainWindow?.window.destroy() }
            XCTAssertEqual(viewer2.item.url.absoluteString, item.imageUrlString, "the same item")
            XCTAssertEqual(again.mainWindow?.headerBar.title, "Item 1, \(try XCTUnwrap(URL(string: item.imageUrlString)).lastPathComponent)")
        }
    }

    func testTheFactsViewerReopensOverItsDetail() throws {
        try onMain {
            let (app, coordinator, beavers, detail) = try openTheFirstFactsDetail()
            let main = try XCTUnwrap(app.mainWindow)
            XCTAssertTrue(InputSimulation.key("Return", on: detail.image.picture))
            waitFor("the viewer") { coordinator.depth == 3 }
            zoomTo200(try XCTUnwrap(coordinator.topPage as? ViewerPage), in: main.window)
            closeAndFinish(app)
            app.store.flush()

            let (again, viewer2) = try reopenedViewer(in: .facts, depth: 3)
            defer { again.mainWindow?.window.destroy() }
            XCTAssertEqual(viewer2.item.url, beavers.fact.imageURL)
            // Back goes to the fact's detail, as it did.
            XCTAssertTrue(InputSimulation.key("Escape", on: try XCTUnwrap(again.mainWindow).window))
            let coordinator2 = try XCTUnwrap(again.mainWindow).coordinator(for: .facts)
            waitFor("back on the detail") { coordinator2.depth == 2 && coordinator2.topPage is FactDetailPage }
        }
    }
}
