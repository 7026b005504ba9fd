import Scheduling
import Synchronization
import XCTest

/// The slots image fetches and decodes wait for: at most `limit` at once, the best priority
/// first, and, with `urgentFrom`, nothing below it while something at or above it runs or waits.
final class PriorityLimiterTests: XCTestCase {
    /// A task that holds its slot until it is let go, and says when it started.
    private final class Held: Sendable {
        private let started = Mutex(false)
        private let gate = AsyncStream<Void>.makeStream()
        var hasStarted: Bool { started.withLock { $0 } }
        func run() async {
            started.withLock { $0 = true }
            for await _ in gate.stream { break }
        }
        func letGo() { gate.continuation.finish() }
    }

    private func start(_ held: Held, on limiter: PriorityLimiter, key: String, priority: Int, cost: Int = 0) -> Task<Void, any Error> {
        Task { try await limiter.run(key: key, priority: priority, cost: cost) { await held.run() } }
    }

    private func eventually(_ what: String, _ condition: @escaping () async -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(5)
        while !(await condition()) {
            guard ContinuousClock.now < deadline else { return XCTFail("timed out waiting for \(what)") }
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    func testWaitingTasksGoThroughBestPriorityFirstThenInTheOrderTheyAsked() async throws {
        let limiter = PriorityLimiter(limit: 1)
        let first = Held(), low = Held(), highA = Held(), highB = Held()
        let tasks = [start(first, on: limiter, key: "first", priority: 0)]
        await eventually("the first running") { first.hasStarted }
        let waiting = [start(low, on: limiter, key: "low", priority: 0)]
        await eventually("one waiting") { await limiter.waitingCount == 1 }
        let more = [start(highA, on: limiter, key: "a", priority: 10)]
        await eventually("two waiting") { await limiter.waitingCount == 2 }
        let last = [start(highB, on: limiter, key: "b", priority: 10)]
        await eventually("three waiting") { await limiter.waitingCount == 3 }
        first.letGo()
        await eventually("the first of the high ones") { highA.hasStarted }
        XCTAssertFalse(highB.hasStarted || low.hasStarted)
        highA.letGo()
        await eventually("the second high one") { highB.hasStarted }
        XCTAssertFalse(low.hasStarted)
        highB.letGo()
        await eventually("the low one last") { low.hasStarted }
        low.letGo()
        for task in tasks + waiting + more + last { try await task.value }
    }

    func testOfEqualPrioritiesTheCostliestGoesFirst() async throws {
        let limiter = PriorityLimiter(limit: 1)
        let first = Held(), small = Held(), large = Held(), middle = Held()
        let running = start(first, on: limiter, key: "first", priority: 10)
        await eventually("the first running") { first.hasStarted }
        var waiting: [Task<Void, any Error>] = []
        for (count, (held, cost)) in [(small, 287), (large, 586), (middle, 400)].enumerated() {
            waiting.append(start(held, on: limiter, key: "\(cost)", priority: 10, cost: cost))
            await eventually("\(count + 1) waiting") { await limiter.waitingCount == count + 1 }
        }
        first.letGo()
        await eventually("the largest, though it asked second") { large.hasStarted }
        XCTAssertFalse(small.hasStarted || middle.hasStarted)
        large.letGo()
        await eventually("the middle one") { middle.hasStarted }
        XCTAssertFalse(small.hasStarted)
        middle.letGo()
        await eventually("the smallest last") { small.hasStarted }
        small.letGo()
        for task in [running] + waiting { try await task.value }
    }

    func testAWaitingTaskRaisedGoesFirstAndACancelledOneLeaves() async throws {
        let limiter = PriorityLimiter(limit: 1)
        let first = Held(), gone = Held(), raised = Held()
        let running = start(first, on: limiter, key: "first", priority: 0)
        await eventually("the first running") { first.hasStarted }
        let cancelled = start(gone, on: limiter, key: "gone", priority: 5)
        let later = start(raised, on: limiter, key: "raised", priority: 0)
        await eventually("two waiting") { await limiter.waitingCount == 2 }
        cancelled.cancel()
        await eventually("the cancelled one gone") { await limiter.waitingCount == 1 }
        await limiter.setPriority(10, forKey: "raised")
        first.letGo()
        await eventually("the raised one") { raised.hasStarted }
        XCTAssertFalse(gone.hasStarted)
        raised.letGo()
        try await running.value
        try await later.value
        do {
            try await cancelled.value
            XCTFail("a task cancelled while it waited throws")
        } catch is CancellationError {}
    }

    /// Prefetching waits behind what is in view even with slots free, and goes once nothing
    /// urgent runs or waits; what comes into view goes through a free slot at once.
    func testTasksBelowUrgentWaitWhileAnUrgentOneRunsOrWaits() async throws {
        let limiter = PriorityLimiter(limit: 3, urgentFrom: 10)
        let inView = Held(), ahead = Held(), aheadRaised = Held(), cameIntoView = Held()
        let visible = start(inView, on: limiter, key: "in view", priority: 10)
        await eventually("the one in view running") { inView.hasStarted }
        let prefetch = start(ahead, on: limiter, key: "ahead", priority: 0)
        let prefetch2 = start(aheadRaised, on: limiter, key: "scrolled to", priority: 0)
        await eventually("both ahead waiting") { await limiter.waitingCount == 2 }
        let running = await limiter.runningCount
        XCTAssertEqual(running, 1, "two slots free, and still held back")

        // One ahead of the view scrolls into it: it goes through a free slot.
        await limiter.setPriority(10, forKey: "scrolled to")
        await eventually("the one scrolled to") { aheadRaised.hasStarted }
        XCTAssertFalse(ahead.hasStarted)

        // An urgent one arriving goes through the last slot; the prefetch still waits.
        let urgent = start(cameIntoView, on: limiter, key: "new", priority: 10)
        await eventually("the new one in view") { cameIntoView.hasStarted }
        XCTAssertFalse(ahead.hasStarted)

        inView.letGo()
        aheadRaised.letGo()
        try await visible.value
        try await prefetch2.value
        XCTAssertFalse(ahead.hasStarted, "one in view still runs")
        cameIntoView.letGo()
        try await urgent.value
        await eventually("the prefetch once nothing in view is left") { ahead.hasStarted }
        ahead.letGo()
        try await prefetch.value
    }

    /// Held back (the window out of sight), prefetching waits with every slot free; what is in
    /// view still goes through; let go, the prefetch goes.
    func testTasksBelowUrgentWaitWhileHeldBack() async throws {
        let limiter = PriorityLimiter(limit: 3, urgentFrom: 10)
        await limiter.holdBack(true)
        let ahead = Held(), inView = Held()
        let prefetch = start(ahead, on: limiter, key: "ahead", priority: 0)
        await eventually("the one ahead waiting") { await limiter.waitingCount == 1 }
        let visible = start(inView, on: limiter, key: "in view", priority: 10)
        await eventually("the one in view running") { inView.hasStarted }
        inView.letGo()
        try await visible.value
        let waiting = await limiter.waitingCount, running = await limiter.runningCount
        XCTAssertEqual(waiting, 1, "nothing urgent left, and the one ahead still held")
        XCTAssertEqual(running, 0)
        XCTAssertFalse(ahead.hasStarted)
        await limiter.holdBack(false)
        await eventually("the one ahead once let go") { ahead.hasStarted }
        ahead.letGo()
        try await prefetch.value
    }
}
