import Dispatch

extension Duration {
    /// The duration as GCD takes it, to the nanosecond.
    var dispatchInterval: DispatchTimeInterval {
        let parts = components
        return .nanoseconds(Int(parts.seconds) * 1_000_000_000 + Int(parts.attoseconds / 1_000_000_000))
    }
}
