@testable import ImagePipeline
import Synchronization
import XCTest

/// Work for a key done once for everyone who asks while it runs: a waiter that leaves is answered
/// at once and the work goes on; when the one doing it leaves, a waiter still there does it.
final class JoinedWorkTests: XCTestCase {
    /// Work that waits to be let go, counting its runs.
    private final class Gate: Sendable {
        let runs = Atomic<Int>(0)
        private let open = Atomic<Bool>(false)
        func letGo() { open.store(true, ordering: .relaxed) }
        func work(_ value: Int) async -> Result<Int, ImageError> {
            runs.add(1, ordering: .relaxed)
            while !open.load(ordering: .relaxed) {
                do { try await Task.sleep(for: .milliseconds(5)) } catch { return .failure(.cancelled) }
            }
            return .success(value)
        }
    }

    private func eventually(_ what: String, _ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition() {
            guard ContinuousClock.now < deadline else { return XCTFail("timed out waiting for \(what)") }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    func testAskersMeanwhileWaitForTheOneRun() async throws {
        let work = JoinedWork<String, Int>(), gate = Gate()
        let first = Task { await work.value(for: "a") { await gate.work(1) } }
        await eventually("the first run") { gate.runs.load(ordering: .relaxed) == 1 }
        let others = (0..<5).map { index in Task { await work.value(for: "a") { await gate.work(10 + index) } } }
        await eventually("five waiting") { work.waiters(for: "a") == 5 }
        let elsewhere = await work.value(for: "b") { .success(2) }
        XCTAssertEqual(try elsewhere.get(), 2, "another key does not wait")
        gate.letGo()
        let firstOutcome = try await first.value.get()
        XCTAssertEqual(firstOutcome, 1)
        for other in others {
            let outcome = try await other.value.get()
            XCTAssertEqual(outcome, 1, "the one run's outcome")
        }
        XCTAssertEqual(gate.runs.load(ordering: .relaxed), 1)
        XCTAssertNil(work.waiters(for: "a"), "nothing left running")
    }

    /// Work for "a" under way (its outcome 1, held by the gate), and a second asker waiting for it
    /// (its own work's outcome 2).
    private func oneRunAndOneWaiter() async -> (JoinedWork<String, Int>, Gate, Task<Result<Int, ImageError>, Never>,
                                                Task<Result<Int, ImageError>, Never>) {
        let work = JoinedWork<String, Int>(), gate = Gate()
        let first = Task { await work.value(for: "a") { await gate.work(1) } }
        await eventually("the first run") { gate.runs.load(ordering: .relaxed) == 1 }
        let second = Task { await work.value(for: "a") { await gate.work(2) } }
        await eventually("one waiting") { work.waiters(for: "a") == 1 }
        return (work, gate, first, second)
    }

    func testAWaiterThatLeavesIsAnsweredAtOnceAndTheWorkGoesOn() async throws {
        let (work, gate, first, leaving) = await oneRunAndOneWaiter()
        leaving.cancel()
        guard case .failure(.cancelled) = await leaving.value else { return XCTFail("the one who left is told so") }
        XCTAssertEqual(work.waiters(for: "a"), 0)
        gate.letGo()
        let outcome = try await first.value.get()
        XCTAssertEqual(outcome, 1)
    }

    func testWhenTheOneDoingTheWorkLeavesAWaiterDoesIt() async throws {
        let (_, gate, first, staying) = await oneRunAndOneWaiter()
        first.cancel()
        guard case .failure(.cancelled) = await first.value else { return XCTFail("the one who left is told so") }
        await eventually("the waiter's own run") { gate.runs.load(ordering: .relaxed) == 2 }
        gate.letGo()
        let outcome = try await staying.value.get()
        XCTAssertEqual(outcome, 2, "its own work's outcome")
    }
}
