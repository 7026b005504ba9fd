import CGStreamer
import Foundation
import HelperWire
import Scheduling
import TestSupport
@testable import Video
import XCTest

/// Clips played as the viewer plays them: decoded by a real, confined `tessera-player`, the raw
/// frames and sound played by the app's own pipeline. The clip is the quarters with a tone (H.264
/// and AAC in MP4, two seconds), so that a frame's corners and the sound can be checked.
final class ClipPlaybackTests: XCTestCase {
    private func clip() throws -> Data {
        try Data(contentsOf: TestServer.picturesDirectory.appendingPathComponent("quarters-tone.mp4"))
    }

    /// What a helper said, kept for the test to look at.
    private final class Heard: Sendable {
        struct Frame { var time: Duration?; var topLeft: [UInt8]; var bottomRight: [UInt8] }
        struct Log {
            var answers: [PlaybackWire.Answer] = []
            var frames: [Frame] = []
            var sound: [Duration] = []
            var ended: PlayerHelperEnded?
        }
        let log = Mutex(Log())
        /// Told of each sample once it is read, as the app does when it lets one go: the helper
        /// sends only as many as the app has room for.
        let helper = Mutex<PlayerHelper?>(nil)

        func hear(_ heard: Result<PlaybackWire.Answer, PlayerHelperEnded>, _ read: PlayerHelper.ReadBytes) {
            var bytes = [UInt8]()
            if case .success(.sample(let sample)) = heard, let helper = helper.withLock({ $0 }) {
                if sample.stream == .video {
                    // The frame is in the memory the helper shares, in the slot it names.
                    let frame = helper.ring(of: sample)?.slot(sample.slot, length: sample.length)
                    XCTAssertNotNil(frame, "frame \(sample) in a ring the app has")
                    bytes = frame.map { Array($0) } ?? [UInt8](repeating: 0, count: sample.length)
                    helper.release(ring: sample.ring, slot: sample.slot)
                } else {
                    bytes = [UInt8](repeating: 0, count: sample.length)
                    XCTAssertTrue(bytes.withUnsafeMutableBytes { read($0) })
                    helper.letSoundGo()
                }
            }
            log.withLock { log in
                switch heard {
                case .failure(let ended): log.ended = ended
                case .success(let answer):
                    log.answers.append(answer)
                    guard case .sample(let sample) = answer else { return }
                    if sample.stream == .video {
                        let at = { (x: Int, y: Int) in Array(bytes[(y * sample.width + x) * 4 ..< (y * sample.width + x) * 4 + 3]) }
                        log.frames.append(Frame(time: sample.time, topLeft: at(sample.width / 4, sample.height / 4),
                                                bottomRight: at(sample.width * 3 / 4, sample.height * 3 / 4)))
                    } else {
                        // 4 bytes a stereo frame at 48 kHz.
                        log.sound.append(.nanoseconds(Int64(sample.length / 4) * 1_000_000_000 / 48_000))
                    }
                }
            }
        }

        func count(_ matching: (PlaybackWire.Answer) -> Bool) -> Int { log.withLock { $0.answers.filter(matching).count } }
    }

    /// A helper whose samples `heard` hears (and lets go).
    private func launch(_ heard: Heard) throws -> PlayerHelper {
        let helper = try PlayerHelper.launch(listener: heard.hear).get()
        heard.helper.withLock { $0 = helper }
        return helper
    }

    /// The clip playing through the app's pipeline into a sink that keeps time and draws nothing.
    @MainActor
    private func playing() throws -> ClipPlayback {
        XCTAssertNil(tessera_gst_start().map { String(cString: $0) })
        let sink = try XCTUnwrap(tessera_gst_make("fakesink"))
        tessera_gst_set_bool(UnsafeMutableRawPointer(sink), "sync", 1)
        let playback = ClipPlayback(videoSink: sink)
        playback.start(clip: try clip())
        playback.play()
        return playback
    }

    private static func isEnd(_ answer: PlaybackWire.Answer) -> Bool {
        if case .ended = answer { return true } else { return false }
    }

    /// The helper reads the clip, says what it holds, and streams its frames (BGRx, the quarters'
    /// corners where they belong) and its sound (two seconds of it, made stereo at 48 kHz) ahead
    /// of any clock; asked to seek, it answers, and what follows starts at the new position.
    func testTheHelperDecodesThePictureAndTheSoundAndSeeks() async throws {
        let heard = Heard()
        let helper = try launch(heard)
        defer { helper.stop() }
        helper.play(try clip())
        await eventually("both streams' ends", timeout: .seconds(20)) { heard.count(Self.isEnd) == 2 }
        let first = heard.log.withLock { $0 }
        XCTAssertEqual(first.answers.first, .ready(duration: .seconds(2), video: true, audio: true))
        XCTAssertEqual(first.frames.count, 20, "ten frames a second")
        let frame = try XCTUnwrap(first.frames.first)
        XCTAssertEqual(frame.time, .zero)
        // BGRx: red at the top left, white at the bottom right.
        XCTAssertGreaterThan(Int(frame.topLeft[2]) - Int(frame.topLeft[1]), 100, "red at the top left: \(frame.topLeft)")
        XCTAssertTrue(frame.bottomRight.allSatisfy { $0 > 200 }, "white at the bottom right: \(frame.bottomRight)")
        let sound = first.sound.reduce(Duration.zero, +)
        XCTAssertTrue(sound > .milliseconds(1900) && sound < .milliseconds(2100), "two seconds of sound: \(sound)")

        heard.log.withLock { $0 = Heard.Log() }
        helper.seek(generation: 7, to: .seconds(1))
        await eventually("both streams' ends again", timeout: .seconds(20)) { heard.count(Self.isEnd) == 2 }
        let after = heard.log.withLock { $0 }
        XCTAssertEqual(after.answers.first, .seeked(generation: 7))
        XCTAssertEqual(after.frames.first?.time, .seconds(1), "from the new position on")
        XCTAssertEqual(after.frames.count, 10)
        XCTAssertNil(after.ended)
    }

    /// Confined as the poster reader is: no new privileges, the system-call filter; asked to, it
    /// can open no file, make no socket and start no program, and it plays the clip afterwards.
    func testThePlayerHelperCanOpenNoFileConnectNowhereAndStartNoProgram() async throws {
        let heard = Heard()
        let probes: [PosterWire.Probe] = [.open, .connect, .spawn]
        let helper = try launch(heard)
        defer { helper.stop() }
        probes.forEach(helper.attempt)
        await eventually("the probes' answers", timeout: .seconds(20)) {
            heard.count { if case .probed = $0 { return true } else { return false } } == probes.count
        }
        let status = try String(contentsOfFile: "/proc/\(helper.processIdentifier)/status", encoding: .utf8)
        XCTAssertTrue(status.contains("NoNewPrivs:\t1"), status)
        XCTAssertTrue(status.contains("Seccomp:\t2"), status)
        for answer in heard.log.withLock({ $0.answers }) {
            if case .probed(let refused, let detail) = answer { XCTAssertTrue(refused, "refused, not \(detail)") }
        }
        helper.play(try clip())
        await eventually("the clip played", timeout: .seconds(20)) { heard.count(Self.isEnd) == 2 }
    }

    /// The app's side: the pipeline plays the helper's frames and sound by its clock (into a
    /// sink that keeps time, and the system's sound output, or the silent one GStreamer falls
    /// back to), mutes, seeks while paused, and reaches the end.
    @MainActor
    func testAClipPlaysPausesSeeksAndEnds() async throws {
        let playback = try playing()
        await eventually("playback to advance", timeout: .seconds(20)) {
            playback.tick()
            return (playback.position ?? .zero) > .milliseconds(500)
        }
        XCTAssertNil(playback.failure)
        XCTAssertEqual(playback.duration, .seconds(2))
        playback.isMuted = true
        XCTAssertTrue(playback.isMuted)
        playback.pause()
        playback.seek(to: .milliseconds(1500))
        await eventually("the new position", timeout: .seconds(10)) {
            playback.tick()
            return playback.position.map { $0 >= .milliseconds(1500) && $0 < .milliseconds(1700) } ?? false
        }
        playback.play()
        await eventually("the end", timeout: .seconds(10)) {
            playback.tick()
            return playback.reachedEnd
        }
        XCTAssertFalse(playback.isPlaying)
        XCTAssertNil(playback.failure)
    }

    /// A helper that dies mid-clip fails the clip in words, and nothing else.
    @MainActor
    func testAKilledHelperFailsTheClipInWords() async throws {
        let playback = try playing()
        let helper = try await eventualValue("the helper") { playback.helperProcessIdentifier }
        await eventually("playback to advance", timeout: .seconds(20)) {
            playback.tick()
            return (playback.position ?? .zero) > .zero
        }
        kill(helper, SIGKILL)
        await eventually("the failure", timeout: .seconds(10)) {
            playback.tick()
            return playback.failure != nil
        }
        XCTAssertEqual(playback.failure, "The video player stopped on this clip (signal 9).")
        XCTAssertFalse(playback.isPlaying)
    }
}
