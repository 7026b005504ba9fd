import Dispatch
import Foundation
import Gtk
import TestSupport
import XCTest

/// Rule 2: the main dispatch queue and the main actor work while GLib runs the loop.
final class MainLoopBridgeTests: GtkTestCase {
    private func measure(_ post: @escaping @Sendable (MainLoop, @escaping @Sendable () -> Void) -> Void) -> Duration? {
        onMain {
            let loop = MainLoop()
            let start = LockedValue<ContinuousClock.Instant?>(nil)
            let end = LockedValue<ContinuousClock.Instant?>(nil)
            DispatchQueue.global().async {
                start.set(.now)
                post(loop) { end.set(.now); loop.quit() }
            }
            XCTAssertTrue(loop.run(timeout: .seconds(5)), "the hop never ran under the GLib loop")
            guard let s = start.get(), let e = end.get() else { return nil }
            return e - s
        }
    }

    func testMainQueueBlockRunsWhileGLibOwnsTheLoop() {
        let latency = measure { _, done in DispatchQueue.main.async { done() } }
        XCTAssertNotNil(latency)
        XCTAssertLessThan(latency ?? .seconds(1), TestTime.scaled(.milliseconds(50)))
    }

    func testMainActorTaskRunsWhileGLibOwnsTheLoop() {
        let latency = measure { _, done in Task { @MainActor in done() } }
        XCTAssertNotNil(latency)
        XCTAssertLessThan(latency ?? .seconds(1), TestTime.scaled(.milliseconds(50)))
    }

    func testMainActorRunFromDetachedTask() {
        let latency = measure { _, done in
            Task.detached {
                let onMainThread = await MainActor.run { Thread.isMainThread }
                precondition(onMainThread)
                done()
            }
        }
        XCTAssertNotNil(latency)
        XCTAssertLessThan(latency ?? .seconds(1), TestTime.scaled(.milliseconds(50)))
    }

    func testBurstOfThousandHopsCompletesInOrder() {
        onMain {
            let loop = MainLoop()
            let received = LockedValue<[Int]>([])
            DispatchQueue.global().async {
                for i in 0..<1000 {
                    DispatchQueue.main.async {
                        received.mutate { $0.append(i) }
                        if i == 999 { loop.quit() }
                    }
                }
            }
            XCTAssertTrue(loop.run(timeout: .seconds(5)))
            XCTAssertEqual(received.get(), Array(0..<1000))
        }
    }

    /// A frame that falls due while blocks wait on the main queue (image deliveries, model
    /// updates) is drawn first; the blocks run right after it instead of delaying it.
    func testAFrameThatIsDueIsDrawnBeforeTheBlocksWaitingOnTheMainQueue() {
        onMain {
            let window = Window()
            defer { window.destroy() }
            window.setDefaultSize(width: 200, height: 120)
            window.showAll()
            var order: [String] = []
            window.onNextDraw { order.append("first frame") }
            XCTAssertTrue(GtkRuntime.iterate(until: { order == ["first frame"] }, timeout: .seconds(5)), "the window was drawn")
            window.onNextDraw { order.append("frame") }
            window.queueDraw()
            for index in 0..<3 { DispatchQueue.main.async { order.append("block \(index)") } }
            // The main thread stays busy past the next frame's time (as during a long handler),
            // so both the frame and the blocks are ready when the loop next looks.
            let busyUntil = ContinuousClock.now + .milliseconds(50)
            while ContinuousClock.now < busyUntil {}
            XCTAssertTrue(GtkRuntime.iterate(until: { order.count == 5 }, timeout: .seconds(5)), "\(order)")
            XCTAssertEqual(order, ["first frame", "frame", "block 0", "block 1", "block 2"])
        }
    }

    func testMainActorHopsFromBackgroundTasksKeepOrder() {
        onMain {
            let loop = MainLoop()
            let received = MainActorList()
            Task.detached {
                for i in 0..<1000 {
                    await MainActor.run { received.values.append(i) }
                }
                loop.quit()
            }
            XCTAssertTrue(loop.run(timeout: .seconds(10)))
            XCTAssertEqual(received.values, Array(0..<1000))
        }
    }
}

/// A value shared between threads in tests.
final class LockedValue<T>: @unchecked Sendable {
    private var value: T
    private let lock = NSLock()
    init(_ value: T) { self.value = value }
    func get() -> T { lock.withLock { value } }
    func set(_ newValue: T) { lock.withLock { value = newValue } }
    func mutate(_ body: (inout T) -> Void) { lock.withLock { body(&value) } }
}

@MainActor final class MainActorList {
    var values: [Int] = []
}
