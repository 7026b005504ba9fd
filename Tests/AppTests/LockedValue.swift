import Foundation

/// A value set on one thread and read on another (a test's background work and its main thread).
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private var value: Value?
    private let lock = NSLock()
    func set(_ newValue: Value?) { lock.withLock { value = newValue } }
    func get() -> Value? { lock.withLock { value } }
}
