import Foundation
import Synchronization

/// The frames an app in a process of its own says it drew, read from its lines on standard output
/// ("frames N slow M longest-ms X", tessera's `--report-frames`) as they come, and added up until
/// taken.
final class FrameTally: Sendable {
    struct Count: Sendable {
        var frames = 0
        /// Frames that took longer than a frame at 60 Hz to lay out and paint.
        var slow = 0
        /// The longest frame's work, in milliseconds.
        var longest = 0.0

        mutating func add(_ other: Count) {
            frames += other.frames
            slow += other.slow
            longest = max(longest, other.longest)
        }
    }

    private let state = Mutex<(count: Count, partial: String)>((Count(), ""))

    /// Adds the whole lines in `data` (a line cut between two reads is kept for the next).
    func read(_ data: Data) {
        state.withLock { state in
            state.partial += String(decoding: data, as: UTF8.self)
            while let end = state.partial.firstIndex(of: "\n") {
                let line = state.partial[..<end].split(separator: " ")
                state.partial = String(state.partial[state.partial.index(after: end)...])
                guard line.count == 6, line[0] == "frames", let frames = Int(line[1]), let slow = Int(line[3]),
                      let longest = Double(line[5]) else { continue }
                state.count.add(Count(frames: frames, slow: slow, longest: longest))
            }
        }
    }

    /// What was added up since the last time, and starts again.
    func take() -> Count {
        state.withLock { state in
            defer { state.count = Count() }
            return state.count
        }
    }
}
