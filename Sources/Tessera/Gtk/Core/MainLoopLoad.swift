import CGtk
import Foundation

/// The main thread's time for benchmarks: asleep, in main-queue blocks, and the rest; counters only grow.
@MainActor
public enum MainLoopLoad {
    public struct Reading: Sendable {
        /// Slept in the loop's poll.
        public var idle: Double = 0
        /// Running the main dispatch queue, in milliseconds, and how many drains that was.
        public var queue: Double = 0
        public var drains = 0
        /// The longest single drain so far, in milliseconds.
        public var longestDrain: Double = 0
        /// CPU time given; awake time not given went to other threads, locks or the display server.
        public var cpu: Double = 0
        /// Time ready but waiting for a CPU.
        public var runnable: Double = 0

        public init(idle: Double = 0, queue: Double = 0, drains: Int = 0, longestDrain: Double = 0,
                    cpu: Double = 0, runnable: Double = 0) {
            (self.idle, self.queue, self.drains, self.longestDrain) = (idle, queue, drains, longestDrain)
            (self.cpu, self.runnable) = (cpu, runnable)
        }

        public static func - (a: Reading, b: Reading) -> Reading {
            Reading(idle: a.idle - b.idle, queue: a.queue - b.queue, drains: a.drains - b.drains,
                    longestDrain: a.longestDrain, cpu: a.cpu - b.cpu, runnable: a.runnable - b.runnable)
        }
    }

    /// Wraps the default context's poll function (once) and times the bridge's drains.
    public static func start() {
        guard previousPoll == nil else { return }
        previousPoll = g_main_context_get_poll_func(nil)
        g_main_context_set_poll_func(nil, timedPoll)
        MainLoopBridge.drainTimer = { nanoseconds in
            let milliseconds = Double(nanoseconds) / 1e6
            counters.queue += milliseconds
            counters.drains += 1
            counters.longestDrain = max(counters.longestDrain, milliseconds)
        }
    }

    /// Totals since `start()` in milliseconds; read on the main thread.
    public static var reading: Reading {
        var reading = counters
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        reading.cpu = Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) / 1e6
        // "run time, run-queue wait, timeslices" in nanoseconds.
        if let text = try? String(contentsOfFile: "/proc/thread-self/schedstat", encoding: .utf8) {
            let fields = text.split(separator: " ")
            if fields.count > 1, let waited = Double(fields[1]) { reading.runnable = waited / 1e6 }
        }
        return reading
    }

    /// The longest single loop turn's CPU milliseconds since `start()` or a reset.
    public static var longestTurn: Double { longestTurnCPU }

    /// Counts from the next poll, not the caller's own turn.
    public static func resetLongestTurn() {
        longestTurnCPU = 0
        turnStartCPU = nil
    }

    nonisolated(unsafe) fileprivate static var counters = Reading()
    nonisolated(unsafe) fileprivate static var longestTurnCPU: Double = 0
    nonisolated(unsafe) fileprivate static var turnStartCPU: Double?
    nonisolated(unsafe) fileprivate static var previousPoll: GPollFunc?
}

private let timedPoll: @convention(c) (UnsafeMutablePointer<GPollFD>?, guint, gint) -> gint = { fds, count, timeout in
    let start = DispatchTime.now().uptimeNanoseconds
    let cpu = threadCPUMilliseconds()
    if let turnStart = MainLoopLoad.turnStartCPU { MainLoopLoad.longestTurnCPU = max(MainLoopLoad.longestTurnCPU, cpu - turnStart) }
    let result = MainLoopLoad.previousPoll?(fds, count, timeout) ?? -1
    MainLoopLoad.counters.idle += Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    MainLoopLoad.turnStartCPU = cpu
    return result
}

private func threadCPUMilliseconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) * 1e3 + Double(now.tv_nsec) / 1e6
}
