import HelperPipes
import FoundationEssentials
import Glibc
import HelperWire
import Localization
import ClipDecoding
import Scheduling

/// What the player sends, each stream only while the app has room; pre-seek samples dropped.
final class SampleFlow: @unchecked Sendable {
    /// Frames the app may hold: queued and shown (22 MB at 720p).
    static let frameSlots = 6
    /// Sound pieces the app may hold: five seconds of ~20 ms pieces.
    static let soundRoom = 256

    private let writing = ConditionLock()
    private let condition = ConditionLock()
    private var soundLeft = SampleFlow.soundRoom
    private var slots: FrameSlots?
    private var stale: Set<PlaybackWire.Stream> = []

    /// Writes an answer that is not a sample.
    func send(_ answer: PlaybackWire.Answer) {
        writing.withLock { write(answer, nil) }
    }

    /// Sends `sample` once its stream has room, unless stale; blocks the stream's thread meanwhile.
    func send(_ sample: PlaybackWire.Sample, _ bytes: UnsafeRawBufferPointer) {
        sample.stream == .video ? sendFrame(sample, bytes) : sendSound(sample, bytes)
    }

    private func sendSound(_ sample: PlaybackWire.Sample, _ bytes: UnsafeRawBufferPointer) {
        condition.lock()
        while soundLeft == 0 && !stale.contains(.audio) { condition.wait() }
        let dropped = stale.contains(.audio)
        if !dropped { soundLeft -= 1 }
        condition.unlock()
        guard !dropped else { return }
        writing.withLock {
            // A seek may have come since the room was taken: its line went out first.
            guard !isStale(.audio, givingBack: { self.soundLeft += 1 }) else { return }
            write(.sample(sample), bytes)
        }
    }

    private func sendFrame(_ frame: PlaybackWire.Sample, _ bytes: UnsafeRawBufferPointer) {
        condition.lock()
        // A new frame size gets new slots; the app drops the old as it drops their frames.
        if slots?.slotSize != bytes.count {
            guard let made = FrameSlots(id: (slots?.id ?? 0) + 1, slotSize: bytes.count, count: Self.frameSlots) else {
                condition.unlock()
                return send(.failed(reason: tr("There is no memory for the video's frames.")))
            }
            slots = made
        }
        while slots!.free.isEmpty && !stale.contains(.video) { condition.wait() }
        guard !stale.contains(.video), let slots else { return condition.unlock() }
        let slot = slots.free.removeFirst()
        condition.unlock()
        slots.fill(slot, with: bytes)
        writing.withLock {
            guard !isStale(.video, givingBack: { slots.free.append(slot) }) else { return }
            if !slots.isHandedOver {
                write(.frames(ring: slots.id, slotSize: slots.slotSize, count: slots.count), nil)
                if !slots.handOver(over: STDOUT_FILENO) { exit(0) }
            }
            var placed = frame
            placed.ring = slots.id
            placed.slot = slot
            write(.sample(placed), nil)
        }
    }

    /// Says the stream ended, unless it is from before a seek.
    func end(_ stream: PlaybackWire.Stream) {
        writing.withLock {
            guard !isStale(stream, givingBack: {}) else { return }
            write(.ended(stream), nil)
        }
    }

    /// Starts seek `generation`, dropping `streams`' output until its flush; nothing dropped if it fails.
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

    /// The app let `count` pieces of sound go.
    func moreSound(_ count: Int) {
        condition.withLock {
            soundLeft += count
            condition.broadcast()
        }
    }

    /// The app let the frame in `slot` of ring `ring` go (a ring replaced since is forgotten).
    func released(ring: Int, slot: Int) {
        condition.withLock {
            guard let slots, slots.id == ring, (0..<slots.count).contains(slot), !slots.free.contains(slot) else { return }
            slots.free.append(slot)
            condition.broadcast()
        }
    }

    /// Whether `stream` is pre-seek; if so `givingBack` returns the sample's room (under the lock).
    private func isStale(_ stream: PlaybackWire.Stream, givingBack: () -> Void) -> Bool {
        condition.withLock {
            let isStale = stale.contains(stream)
            if isStale { givingBack() }
            return isStale
        }
    }

    /// When nobody reads any more, the app is gone.
    private func write(_ answer: PlaybackWire.Answer, _ bytes: UnsafeRawBufferPointer?) {
        let written = HelperProgram.write(answer.line, to: STDOUT_FILENO)
            && (bytes.map { HelperProgram.write($0, to: STDOUT_FILENO) } ?? true)
        if !written { exit(0) }
    }
}
