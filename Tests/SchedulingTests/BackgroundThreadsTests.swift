import Foundation
@testable import Scheduling
import XCTest

final class BackgroundThreadsTests: XCTestCase {
    func testWorkRunsBelowTheCallersPriorityAndReturnsItsResult() async {
        let threads = BackgroundThreads(name: "test-low", count: 2, niceness: 10)
        let caller = BackgroundThreads.currentNiceness()
        let seen = await threads.run { BackgroundThreads.currentNiceness() }
        XCTAssertEqual(seen, max(10, caller), "work runs at nice 10 (or lower still if the caller already did)")
        XCTAssertEqual(BackgroundThreads.currentNiceness(), caller, "the caller keeps its own")
        let value = await threads.run { (1...100).reduce(0, +) }
        XCTAssertEqual(value, 5050)
    }

    /// What a job captured (a picture's bytes) is let go once it has run, not when the queue is
    /// next trimmed: the viewer's decodes of a 7 MB photo kept 7 MB each, round after round.
    func testAJobThatHasRunHoldsNothing() async {
        final class Payload: Sendable {}
        let threads = BackgroundThreads(name: "test-release", count: 1)
        weak var released: Payload?
        do {
            let payload = Payload()
            released = payload
            _ = await threads.run { [payload] in ObjectIdentifier(payload).hashValue }
        }
        _ = await threads.run { 0 }
        XCTAssertNil(released, "the job's captures were released after it ran")
    }

    /// What a job made is read whole by its caller, under ThreadSanitizer too (`make tsan`), however soon
    /// the job ends after it was given.
    func testWhatAJobMadeIsSeenWholeByItsCaller() async {
        final class Made: Sendable {
            let number: Int
            init(_ number: Int) { self.number = number }
        }
        let threads = BackgroundThreads(name: "test-handover", count: 2)
        for number in 0..<5000 {
            let made = await threads.run { Made(number) }
            XCTAssertEqual(made.number, number)
        }
    }

    func testASingleThreadRunsJobsInTheOrderGiven() async {
        let threads = BackgroundThreads(name: "test-serial", count: 1)
        let order = Order()
        for index in 0..<500 { threads.async { order.list.withLock { $0.append(index) } } }
        _ = await threads.run { 0 } // queued last: done once everything before it is
        XCTAssertEqual(order.list.withLock { $0 }, Array(0..<500))
    }

    func testThePoolRunsAsManyJobsAtOnceAsItHasThreads() async {
        let threads = BackgroundThreads(name: "test-parallel", count: 3)
        let running = Running()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<12 {
                group.addTask {
                    await threads.run {
                        running.state.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                        // Holds its thread until three run at once (or a deadline passes), so a
                        // fourth could only start if the pool had a fourth thread.
                        let deadline = ContinuousClock.now + .seconds(2)
                        while running.state.withLock({ $0.most < 3 }), ContinuousClock.now < deadline { sched_yield() }
                        running.state.withLock { $0.now -= 1 }
                    }
                }
            }
        }
        XCTAssertEqual(running.state.withLock { $0.most }, 3)
    }
}

private final class Running: Sendable { let state = Mutex((now: 0, most: 0)) }
private final class Order: Sendable { let list = Mutex<[Int]>([]) }
