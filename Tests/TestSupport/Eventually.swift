import Foundation
import XCTest

/// Waits for `condition` to hold, asking it every `interval` until `timeout`, without blocking
/// the caller's executor (the condition runs in the caller's isolation, and may itself await);
/// fails the test, naming `what`, if it never does. For conditions that other threads or
/// processes make true (a server's counts, a decoder's queue).
public func eventually(_ what: String, timeout: Duration = .seconds(5), interval: Duration = .milliseconds(10),
                       file: StaticString = #filePath, line: UInt = #line,
                       isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool) async {
    let deadline = ContinuousClock.now + timeout
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            return XCTFail("timed out waiting for \(what)", file: file, line: line)
        }
        try? await Task.sleep(for: interval)
    }
}

/// The first non-nil value of `value`, asked every `interval` until `timeout`; throws, naming
/// `what`, if there is none by then.
public func eventualValue<T>(_ what: String, timeout: Duration = .seconds(10), interval: Duration = .milliseconds(20),
                             isolation: isolated (any Actor)? = #isolation, _ value: () -> T?) async throws -> T {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if let found = value() { return found }
        try await Task.sleep(for: interval)
    }
    throw ConditionTimedOut(what: what, timeout: timeout)
}

/// `eventualValue` found nothing in time.
public struct ConditionTimedOut: Error, CustomStringConvertible {
    public let what: String
    public let timeout: Duration
    public var description: String { "timed out after \(timeout) waiting for \(what)" }
}

/// Waits for `condition`, asking it every 50 ms while this thread's run loop turns (a process
/// this test started is heard ending through it), for at most `seconds`; false if it never held.
public func waitTurningTheRunLoop(seconds: Double, for condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        RunLoop.current.run(until: Date().addingTimeInterval(0.05))
    }
    return true
}
