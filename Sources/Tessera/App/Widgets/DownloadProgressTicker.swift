import Dispatch
import Foundation

/// One main-loop timer for every view waiting on a download, a few times a second while any waits.
@MainActor
final class DownloadProgressTicker {
    static let shared = DownloadProgressTicker()

    /// Smooth enough for waits of seconds; a tick only reads each download's counters.
    static let interval = DispatchTimeInterval.milliseconds(200)
    /// Half a second: on a fast link a picture comes before it, and a bar that showed would only flash.
    static let firstReadingAfter = Duration.milliseconds(500)

    private struct Watch {
        let since: ContinuousClock.Instant
        let read: @MainActor () -> Bool
    }

    private var watches: [ObjectIdentifier: Watch] = [:]
    private var timer: (any DispatchSourceTimer)?

    /// Calls `read` each tick from `firstReadingAfter` until `stop(for:)` or it returns false.
    func start(for owner: AnyObject, read: @escaping @MainActor () -> Bool) {
        watches[ObjectIdentifier(owner)] = Watch(since: .now, read: read)
        guard timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
        timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.tick() } }
        timer.resume()
        self.timer = timer
    }

    func stop(for owner: AnyObject) {
        watches[ObjectIdentifier(owner)] = nil
        if watches.isEmpty { stopTimer() }
    }

    /// Views watched now (for tests: none once every picture came).
    var watching: Int { watches.count }

    private func tick() {
        let due = ContinuousClock.now - Self.firstReadingAfter
        for (owner, watch) in watches where watch.since <= due && !watch.read() { watches[owner] = nil }
        if watches.isEmpty { stopTimer() }
    }

    private func stopTimer() {
        timer?.cancel()
        timer = nil
    }
}
