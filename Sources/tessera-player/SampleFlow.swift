import Companions
import Foundation
import Video

/// What the player sends the app, and when. One answer at a time goes out (a sample's line and
/// its bytes stay together). Each stream sends a sample only while the app has room for it:
/// the app gives a stream `initialRoom` at the start and one more each time it lets a sample go
/// (`more`), so a stream the app is not taking waits here without holding the other back (one
/// pipe carries both, and a clip interleaves them coarsely: a second of frames may come before
/// the sound that goes with them). Samples decoded before a seek are dropped until the seek's
/// flush reaches their stream.
final class SampleFlow: @unchecked Sendable {
    /// Samples a stream may have with the app at once: frames queued to be drawn and the one
    /// shown (six frames: 22 MB at 720p; the helper decodes one in a few milliseconds), and
    /// sound (five seconds in pieces of about 20 ms, which cost nothing to hold).
    static let initialRoom: [PlaybackWire.Stream: Int] = [.video: 6, .audio: 256]

    private let writing = NSLock()
    private let condition = NSCondition()
    private var room = SampleFlow.initialRoom
    private var stale: Set<PlaybackWire.Stream> = []

    /// Writes an answer that is not a sample.
    func send(_ answer: PlaybackWire.Answer) {
        writing.withLock { write(answer, nil) }
    }

    /// Sends `sample` once its stream has room with the app, unless it is from before a seek.
    /// Blocks the stream's thread meanwhile.
    func send(_ sample: PlaybackWire.Sample, _ bytes: UnsafeRawBufferPointer) {
        condition.lock()
        while room[sample.stream, default: 0] == 0 && !stale.contains(sample.stream) { condition.wait() }
        let dropped = stale.contains(sample.stream)
        if !dropped { room[sample.stream, default: 0] -= 1 }
        condition.unlock()
        guard !dropped else { return }
        writing.withLock {
            // A seek may have come since the room was taken: its line went out first.
            guard !isStale(sample.stream, givingBackRoom: true) else { return }
            write(.sample(sample), bytes)
        }
    }

    /// Says the stream ended, unless it is from before a seek.
    func end(_ stream: PlaybackWire.Stream) {
        writing.withLock {
            guard !isStale(stream, givingBackRoom: false) else { return }
            write(.ended(stream), nil)
        }
    }

    /// Announces seek `generation`, from which on what `streams` decoded is dropped until the seek's
    /// flush reaches each, and seeks with `seek`; when it fails, nothing is dropped.
    func seek(_ generation: Int, of streams: Set<PlaybackWire.Stream>, with seek: () -> Bool) {
        writing.withLock {
            condition.withLock {
                stale = streams
                // Streams waiting for room drop what they hold.
                condition.broadcast()
            }
            write(.seeked(generation: generation), nil)
        }
        if !seek() { condition.withLock { stale = [] } }
    }

    /// The seek's flush reached `stream`: what it decodes now is from the new position.
    func flushed(_ stream: PlaybackWire.Stream) {
        condition.withLock { _ = stale.remove(stream) }
    }

    /// The app let `count` of the stream's samples go.
    func more(_ stream: PlaybackWire.Stream, _ count: Int) {
        condition.withLock {
            room[stream, default: 0] += count
            condition.broadcast()
        }
    }

    private func isStale(_ stream: PlaybackWire.Stream, givingBackRoom: Bool) -> Bool {
        condition.withLock {
            let isStale = stale.contains(stream)
            if isStale && givingBackRoom { room[stream, default: 0] += 1 }
            return isStale
        }
    }

    /// When nobody reads any more, the app is gone.
    private func write(_ answer: PlaybackWire.Answer, _ bytes: UnsafeRawBufferPointer?) {
        let written = CompanionProgram.write(answer.line, to: STDOUT_FILENO)
            && (bytes.map { CompanionProgram.write($0, to: STDOUT_FILENO) } ?? true)
        if !written { exit(0) }
    }
}
