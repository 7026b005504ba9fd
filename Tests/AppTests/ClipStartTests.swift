import Foundation
import Gtk
import TestSupport
import Video
import XCTest

/// A clip's pipeline starts its video sink (gtksink), which makes its window on the main loop and
/// waits for it there: a pause or a play asked on the main loop as the clip starts must not wait
/// for the sink in turn (the soak found the window frozen for good after some 150 clips).
final class ClipStartTests: AppTestCase {
    func testPausingAndPlayingAsTheClipStartsNeverFreezesTheMainLoop() throws {
        // A freeze would hang this process: in a process of its own, given a minute.
        try inOwnProcess(timeout: 60) {
            let clip = try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent("quarters-tone.mp4"))
            try onMain {
                for round in 0..<3 {
                    let sink = try XCTUnwrap(VideoSinkView(), "GStreamer's GTK sink is installed")
                    let window = Window()
                    window.add(sink.view)
                    window.setDefaultSize(width: 320, height: 240)
                    window.showAll()
                    defer { window.destroy() }
                    let playback = ClipPlayback(videoSink: sink.element)
                    playback.start(clip: clip)
                    playback.play()
                    // Asked from inside the main loop's dispatch (as a key press is), which holds
                    // the loop meanwhile: pause and play again and again until the helper has said
                    // what the clip holds (its pipeline is made), and for a moment after, while
                    // the pipeline starts.
                    var asked = false
                    DispatchQueue.main.async {
                        MainActor.assumeIsolated {
                            let deadline = ContinuousClock.now + .seconds(20)
                            while playback.duration == nil, ContinuousClock.now < deadline {
                                playback.pause()
                                playback.play()
                            }
                            let moment = ContinuousClock.now + .milliseconds(300)
                            while ContinuousClock.now < moment {
                                playback.pause()
                                playback.play()
                            }
                            asked = true
                        }
                    }
                    waitFor("round \(round): the pauses and plays asked", timeout: .seconds(30)) { asked }
                    XCTAssertNotNil(playback.duration, "round \(round): the helper said what the clip holds")
                    waitForServer("round \(round): the clip's picture", timeout: .seconds(20)) {
                        playback.tick()
                        return playback.showsPicture
                    }
                    XCTAssertNil(playback.failure)
                }
            }
        }
    }
}
