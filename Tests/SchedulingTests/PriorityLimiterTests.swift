import Scheduling
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

    /// Queues `tasks` in turn behind a task holding the one slot, lets that go, and checks they
    /// start in `order` (names), one at a time, none before its turn.
    private func assertAdmitted(_ tasks: [(name: String, priority: Int, cost: Int)], inOrder order: [String]) async throws {
        let limiter = PriorityLimiter(limit: 1)
        let first = Held()
        var started = [start(first, on: limiter, key: "first", priority: 0)]
        await eventually("the first running") { first.hasStarted }
        var held: [String: Held] = [:]
        for (count, task) in tasks.enumerated() {
            held[task.name] = Held()
            started.append(start(held[task.name]!, on: limiter, key: task.name, priority: task.priority, cost: task.cost))
            await eventually("\(count + 1) waiting") { await limiter.waitingCount == count + 1 }
        }
        var running = first
        for (turn, name) in order.enumerated() {
            running.letGo()
            running = held[name]!
            await eventually(name) { running.hasStarted }
            for later in order.dropFirst(turn + 1) {
                XCTAssertFalse(held[later]!.hasStarted, "\(later) started before its turn, with \(name)")
            }
        }
        running.letGo()
        for task in started { try await task.value }
    }

    func testWaitingTasksGoThroughBestPriorityFirstThenInTheOrderTheyAsked() async throws {
        try await assertAdmitted([("low", 0, 0), ("high A", 10, 0), ("high B", 10, 0)], inOrder: ["high A", "high B", "low"])
    }

    func testOfEqualPrioritiesTheCostliestGoesFirst() async throws {
        try await assertAdmitted([("small", 10, 287), ("large", 10, 586), ("middle", 10, 400), ("low and large", 0, 900)],
                                 inOrder: ["large", "middle", "small", "low and large"])
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
