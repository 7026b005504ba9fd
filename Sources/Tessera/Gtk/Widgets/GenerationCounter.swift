import Scheduling

/// The latest bitmap's number, read from the converting queue.
final class GenerationCounter: Sendable {
    private let value = Mutex(0)
    func set(_ generation: Int) { value.withLock { $0 = generation } }
    func isCurrent(_ generation: Int) -> Bool { value.withLock { $0 == generation } }
}
