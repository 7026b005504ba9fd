@testable import App
import Domain
import Foundation
import Gtk
import ImagePipeline
import Persistence
import SimulatedInput
import XCTest

/// F5 in the viewer, opened from the gallery in the main window: full screen, the gallery's pictures in
/// turn from the one shown, each for the chosen seconds once it has shown, round again; the next decoded
/// ahead; Space pauses and goes on; Escape ends where it stopped. Full screen is a window manager's to grant.
final class ViewerSlideshowTests: AppTestCase {
    func testF5ShowsThePicturesInTurnAndSpacePausesAndEscapeEndsWhereItStopped() throws {
        try onMain { () throws -> Void in
            let manager = try WindowManager()
            defer { manager.stop() }
            let server = try startServer()
            defer { stop(server) }
            let urls = ["synthetic/1/600x400.jpg", "synthetic/2/400x600.jpg", "synthetic/3/500x300.jpg"].map { server.base.appendingPathComponent($0) }
            let store = makeStore()
            var settings = store.load()
            settings.slideshowSeconds = 1
            store.save(settings)
            let (main, coordinator, viewer) = try launchViewingGallery(urls, at: 1, backend: server.base, store: store)
            defer { main.window.destroy() }
            waitForServer("the second picture", timeout: .seconds(20)) { viewer.isSettled }
            XCTAssertEqual(viewer.image.url, urls[1])

            XCTAssertTrue(InputSimulation.key("F5", on: main.window))
            waitFor("full screen") { main.window.placement == .fullscreen }
            waitFor("the pause button") { viewer.controls.slideshowPause.isVisible }
            XCTAssertEqual(viewer.controls.slideshowPause.accessibleName, "Pause Slideshow")
            // Each picture shows before its time runs, and the turn goes round to the first.
            var shown: [Int] = []
            var movedAt: [Int: ContinuousClock.Instant] = [:]
            waitForServer("the third picture, then the first", timeout: .seconds(20)) {
                if movedAt[viewer.index] == nil { movedAt[viewer.index] = .now }
                if viewer.isSettled, viewer.image.url == urls[viewer.index], shown.last != viewer.index { shown.append(viewer.index) }
                return shown.suffix(2) == [2, 0]
            }
            XCTAssertEqual(shown, [1, 2, 0], "in the gallery's order from the one shown, round again")
            let third = try XCTUnwrap(movedAt[2]), first = try XCTUnwrap(movedAt[0])
            XCTAssertGreaterThanOrEqual(first - third, .milliseconds(900), "the third picture had its second")

            // Paused: the next picture was decoded ahead of its turn, and nothing moves on.
            XCTAssertTrue(InputSimulation.key("space", on: main.window))
            waitFor("paused") { viewer.controls.slideshowPause.accessibleName == "Go On With the Slideshow" }
            var ahead = ImageRequest(url: urls[1], maximumPixelSize: viewer.image.viewSide)
            ahead.account = viewer.account
            ahead.animates = true
            ahead.exactSize = true
            waitForServer("the second picture decoded ahead", timeout: .seconds(10)) { viewer.pipeline.cachedImage(for: ahead) != nil }
            let pausedAt = viewer.index
            XCTAssertFalse(GtkRuntime.iterate(until: { viewer.index != pausedAt }, timeout: .milliseconds(2500)), "paused")
            XCTAssertTrue(InputSimulation.key("space", on: main.window))
            waitFor("on again", timeout: .seconds(5)) { viewer.index == (pausedAt + 1) % 3 }

            // Escape ends it where it stopped: the viewer stays on that picture, out of full screen.
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("full screen left") { main.window.placement != .fullscreen }
            let endedAt = viewer.index
            XCTAssertFalse(viewer.controls.slideshowPause.isVisible)
            XCTAssertEqual(coordinator.depth, 2, "the viewer stays")
            XCTAssertFalse(GtkRuntime.iterate(until: { viewer.index != endedAt }, timeout: .milliseconds(2500)), "ended")
        }
    }
}
