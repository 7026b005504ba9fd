import CGStreamer
import FoundationEssentials
import Glibc
import Scheduling

/// A clip read as a file while its parts arrive in any order; a read of missing bytes waits and `ask`s.
public final class StreamedClip: @unchecked Sendable { // state under `lock`
    public let length: Int
    private let memory: UnsafeMutableRawBufferPointer
    private let lock = ConditionLock()
    /// The stretches here, sorted, apart.
    private var present: [Range<Int>] = []
    /// Where the decoder reads next.
    private var position = 0
    /// The bytes the decoder waits for, from `position`.
    private var waiting: Int?
    /// The last offset the app was asked for.
    private var asked: Int?
    /// The playbin reading the clip, once made; nil once it is let go.
    var decoder: OpaquePointer?
    private let ask: @Sendable (Int) -> Void

    /// `length` bytes, none yet; `ask` hears the wanted offset on the streaming thread.
    public init(length: Int, ask: @escaping @Sendable (Int) -> Void) {
        self.length = length
        self.ask = ask
        // Pages are taken as parts arrive: a clip seen only in part costs only that part.
        memory = UnsafeMutableRawBufferPointer.allocate(byteCount: length, alignment: 16)
    }

    deinit {
        memory.deallocate()
    }

    /// Takes `count` bytes at `offset` that `fill` writes; false for a failed fill or a part outside.
    public func arrived(offset: Int, count: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Bool) -> Bool {
        guard offset >= 0, count > 0, offset + count <= length else { return false }
        guard fill(UnsafeMutableRawBufferPointer(rebasing: memory[offset..<(offset + count)])) else { return false }
        lock.withLock {
            add(offset..<(offset + count))
            if let waiting { serve(waiting) }
        }
        return true
    }

    /// The decoder lets the clip go: nothing is pushed to it any more.
    func detach() {
        lock.withLock { decoder = nil }
    }

    // MARK: On the decoder's streaming thread

    /// The decoder wants `count` bytes from where it is.
    func need(_ count: Int) {
        lock.withLock {
            waiting = count
            serve(count)
            guard waiting != nil else { return }
            let end = min(position + count, length)
            // The first byte missing from what is wanted: the app fetches from there.
            let missing = present.first { $0.contains(position) }.map { min($0.upperBound, end) } ?? position
            if asked != missing {
                asked = missing
                ask(missing)
            }
        }
    }

    /// The decoder reads from `offset` next.
    func seek(_ offset: Int) {
        lock.withLock {
            position = min(max(0, offset), length)
            waiting = nil
        }
    }

    // MARK: Under the lock

    /// Hands the decoder the `count` bytes from `position` when they are all here (or its end).
    private func serve(_ count: Int) {
        guard let decoder else { return }
        if position >= length {
            waiting = nil
            tessera_gst_clip_feed_end(decoder)
            return
        }
        let end = min(position + count, length)
        guard present.contains(where: { $0.contains(position) && $0.upperBound >= end }) else { return }
        waiting = nil
        let bytes = UnsafeRawBufferPointer(rebasing: memory[position..<end])
        position = end
        _ = tessera_gst_clip_feed_push(decoder, bytes.baseAddress!.assumingMemoryBound(to: guint8.self), gsize(bytes.count))
    }

    private func add(_ range: Range<Int>) {
        var merged = range
        present.removeAll { other in
            guard other.overlaps(merged) || other.upperBound == merged.lowerBound || merged.upperBound == other.lowerBound else { return false }
            merged = min(other.lowerBound, merged.lowerBound)..<max(other.upperBound, merged.upperBound)
            return true
        }
        let index = present.firstIndex { $0.lowerBound > merged.lowerBound } ?? present.endIndex
        present.insert(merged, at: index)
    }
}
