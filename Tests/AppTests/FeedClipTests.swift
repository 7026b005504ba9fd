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

/// The feed's clips, from their posters to the player helper let go.
final class FeedClipTests: FeedTestCase {
    /// Minimized, the window's clip pauses and nothing ahead of the view is fetched; back on
    /// screen, it plays on and the fetches go. A window manager minimizing a window unmaps it:
    /// xdotool does that here (Xvfb has no window manager).
    func testAClipPausesWhileTheWindowIsMinimizedAndPlaysOnWhenItIsBack() throws {
        try onMain {
            let (app, main, video) = try firstVideo()
            defer { withExtendedLifetime(app) { main.window.destroy() } }
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
            let (app, main, video) = try firstVideo()
            defer { withExtendedLifetime(app) { main.window.destroy() } }
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

    /// The mute button's choice goes from one clip to the next, and to the next launch (settings.json).
    func testMutedClipsStayMutedInTheNextViewer() throws {
        try onMain {
            let (app, main, video) = try firstVideo()
            defer { withExtendedLifetime(app) { main.window.destroy() } }
            let (coordinator, viewer, player) = try play(video, in: main)
            XCTAssertFalse(player.isMuted, "sound at first")
            waitFor("the viewer in place") { !coordinator.container.transitionRunning }
            clickWhenSteady(viewer.clip.muteButton, in: main.window)
            waitFor("muted") { player.isMuted }
            let store = makeStore()
            waitFor("kept in the settings for the next launch") { store.load().clipsMuted }
            XCTAssertTrue(InputSimulation.key("Escape", on: main.window))
            waitFor("back on the feed") { coordinator.depth == 1 && !coordinator.container.transitionRunning }

            let (_, again, replayed) = try play(video, in: main)
            XCTAssertTrue(replayed.isMuted, "the next viewer's clip starts muted")
            XCTAssertEqual(again.clip.muteButton.accessibleName, "Unmute")
            waitFor("the viewer in place") { !coordinator.container.transitionRunning }
            clickWhenSteady(again.clip.muteButton, in: main.window)
            waitFor("sound again") { !replayed.isMuted }
            waitFor("sound kept in the settings") { !store.load().clipsMuted }
        }
    }
}
