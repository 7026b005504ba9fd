/// After a failed ask for new messages, the next waits as the offline retry's do (half a minute, a minute, two,
/// five, the last repeating); an answer clears it.
struct PollBackoff {
    let delays: [Duration]
    private var failures = 0
    private var waitsUntil: ContinuousClock.Instant?

    init(delays: [Duration]) {
        self.delays = delays.isEmpty ? OfflineRetry.standardDelays : delays
    }

    var allowsAsking: Bool { waitsUntil.map { ContinuousClock.now >= $0 } ?? true }

    mutating func failed() {
        waitsUntil = .now + delays[min(failures, delays.count - 1)]
        failures += 1
    }

    mutating func answered() {
        failures = 0
        waitsUntil = nil
    }
}
