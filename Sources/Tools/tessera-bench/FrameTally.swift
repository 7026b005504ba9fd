import Foundation
import Scheduling

/// Frames and decodes another process reports on stdout (`--report-frames` lines), added up until taken.
final class FrameTally: Sendable {
    /// Levels a report gives as they stand, not added up.
    struct Levels: Sendable {
        var sqliteBytes: Int
        /// malloc's bytes in use and free in its arenas.
        var heapInUse: Int
        var heapFree: Int
        var pictureCacheBytes: Int
    }

    struct Count: Sendable {
        var frames = 0
        /// Frames that took longer than a frame at 60 Hz to lay out and paint.
        var slow = 0
        /// The longest frame's work, in milliseconds.
        var longest = 0.0
        /// Pictures decoded, and pictures taken from the memory cache.
        var decoded = 0
        var fromMemory = 0
        /// The memory levels of the last report; nil before one.
        var levels: Levels?

        mutating func add(_ other: Count) {
            frames += other.frames
            slow += other.slow
            longest = max(longest, other.longest)
            decoded += other.decoded
            fromMemory += other.fromMemory
            levels = other.levels ?? levels
        }
    }

    private let state = Mutex<(count: Count, partial: String)>((Count(), ""))

    /// Adds the whole lines in `data` (a line cut between two reads is kept for the next).
    func read(_ data: Data) {
        state.withLock { state in
            state.partial += String(decoding: data, as: UTF8.self)
            while let end = state.partial.firstIndex(of: "\n") {
                let words = state.partial[..<end].split(separator: " ")
                state.partial = String(state.partial[state.partial.index(after: end)...])
                // Names and numbers in turn.
                guard words.count % 2 == 0, words.first == "frames" else { continue }
                var values: [Substring: Double] = [:]
                for pair in stride(from: 0, to: words.count, by: 2) { values[words[pair]] = Double(words[pair + 1]) }
                guard let frames = values["frames"], let slow = values["slow"], let longest = values["longest-ms"] else { continue }
                var levels: Levels?
                if let sqlite = values["sqlite-bytes"], let inUse = values["heap-in-use"], let free = values["heap-free"],
                   let pictures = values["picture-cache-bytes"] {
                    levels = Levels(sqliteBytes: Int(sqlite), heapInUse: Int(inUse), heapFree: Int(free), pictureCacheBytes: Int(pictures))
                }
                state.count.add(Count(frames: Int(frames), slow: Int(slow), longest: longest,
                                      decoded: Int(values["decoded"] ?? 0), fromMemory: Int(values["from-memory"] ?? 0), levels: levels))
            }
        }
    }

    /// What was added up since the last time, and starts again.
    func take() -> Count {
        state.withLock { state in
            defer {
                state.count = Count(levels: state.count.levels)
            }
            return state.count
        }
    }
}
