import Foundation
import Scheduling

/// A launch's milestones with monotonic times, printed by `tessera-automated --report-first-frame`.
public enum StartupTrace {
    private static let marks = Mutex<[(String, Int64)]>([])

    /// Records `milestone` now.
    public static func mark(_ milestone: String) {
        let nanoseconds = now()
        marks.withLock { $0.append((milestone, nanoseconds)) }
    }

    /// The monotonic clock in nanoseconds, as every report line gives it.
    public static func now() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// "milestone-ns <name> <ns>" lines, in the order recorded.
    public static var report: String {
        marks.withLock { $0.map { "milestone-ns \($0.0) \($0.1)\n" }.joined() }
    }

    /// "rss-kb <kilobytes>" from /proc/self/statm, or nothing.
    public static var residentMemoryLine: String {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return "" }
        return "rss-kb \(pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024)\n" // not translated
    }
}
