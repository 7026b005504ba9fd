import Foundation
import Synchronization

/// Milestones of a launch (process entry, GTK started, window built, presented, first frame),
/// kept with their monotonic times. `--report-first-frame` prints them, so the start-up benchmark
/// can say where the time goes, not only how much there is.
public enum StartupTrace {
    private static let marks = Mutex<[(String, Int64)]>([])

    /// Records `milestone` now.
    public static func mark(_ milestone: String) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        marks.withLock { $0.append((milestone, nanoseconds)) }
    }

    /// "milestone-ns <name> <ns>" lines, in the order recorded.
    static var report: String {
        marks.withLock { $0.map { "milestone-ns \($0.0) \($0.1)\n" }.joined() }
    }
}
