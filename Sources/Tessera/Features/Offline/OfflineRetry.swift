/// Asks again by itself while saved content shows: after half a minute, then rarer.
@MainActor
public final class OfflineRetry {
    /// Half a minute, then a minute, two and five; the last repeats.
    public nonisolated static let standardDelays: [Duration] = [.seconds(30), .seconds(60), .seconds(120), .seconds(300)]

    private let delays: [Duration]
    private var waiting: Task<Void, Never>?
    private var tries = 0
    /// No network: nothing tried until `networkChanged` says one is back.
    public private(set) var awaitsNetwork = false

    /// Whether a try is scheduled (a wait under way).
    public var isWaiting: Bool { waiting.map { !$0.isCancelled } ?? false }

    public init(delays: [Duration] = OfflineRetry.standardDelays) {
        self.delays = delays.isEmpty ? Self.standardDelays : delays
    }

    /// Runs `again` after the next delay, once; a later call replaces a wait under way.
    private func schedule(_ again: @escaping @MainActor () async -> Void) {
        waiting?.cancel()
        guard !awaitsNetwork else { return }
        let delay = delays[min(tries, delays.count - 1)]
        tries += 1
        waiting = Task { [weak self] in
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            self?.waiting = nil
            await again()
        }
    }

    /// Offline when unreachable with something shown; `again` runs later if `stillWaiting`.
    public func afterFailure(unreachable: Bool, showsContent: Bool, stillWaiting: @escaping @MainActor () -> Bool,
                             again: @escaping @MainActor () async -> Void) -> Bool {
        guard unreachable, showsContent else { return false }
        schedule {
            guard stillWaiting() else { return }
            await again()
        }
        return true
    }

    /// Stops a wait under way (the section is asking now).
    public func cancel() { waiting?.cancel() }

    /// Network gone: the wait is dropped; back: the section asks at once.
    public func networkChanged(available: Bool) {
        awaitsNetwork = !available
        if !available { waiting?.cancel() }
    }

    /// The backend answered: the next time it cannot be reached starts from the first delay.
    public func reset() {
        waiting?.cancel()
        tries = 0
    }
}
