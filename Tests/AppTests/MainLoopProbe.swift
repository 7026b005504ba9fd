import Foundation

/// Asks the main loop a question every few milliseconds from a thread of its own, as a screen
/// reader does over AT-SPI, and keeps how long the longest answer took: a main loop blocked for
/// a second answers a second late. A question is asked only once the last one was answered.
final class MainLoopProbe: @unchecked Sendable { // state guarded by `condition`
    private let condition = NSCondition()
    private var running = true
    private var answered = true
    private var longestNanoseconds: UInt64 = 0
    private var questions = 0
    private var thread: Thread?

    /// Starts asking; every `interval` once the last question is answered.
    static func start(every interval: TimeInterval = 0.005) -> MainLoopProbe {
        let probe = MainLoopProbe()
        let thread = Thread { probe.ask(every: interval) }
        thread.name = "main-loop-probe"
        probe.thread = thread
        thread.start()
        return probe
    }

    private func ask(every interval: TimeInterval) {
        while true {
            condition.lock()
            while running && !answered { condition.wait() }
            guard running else { return condition.unlock() }
            answered = false
            questions += 1
            condition.unlock()
            let asked = DispatchTime.now().uptimeNanoseconds
            DispatchQueue.main.async { [self] in
                let took = DispatchTime.now().uptimeNanoseconds - asked
                condition.lock()
                longestNanoseconds = max(longestNanoseconds, took)
                answered = true
                condition.broadcast()
                condition.unlock()
            }
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// Stops asking; the longest wait for an answer, in milliseconds, and how many were asked.
    func stop() -> (longest: Double, questions: Int) {
        condition.lock()
        running = false
        condition.broadcast()
        let result = (Double(longestNanoseconds) / 1e6, questions)
        condition.unlock()
        return result
    }
}
