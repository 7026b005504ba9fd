import Foundation

/// The wall-clock bounds a test must keep (a hop to the main loop, a cancel that ends a transfer),
/// stretched on a slow machine by one factor CI can set: TESSERA_TEST_TIME_SCALE (default 1).
/// What is fast or slow by design is measured by the benchmarks, not here.
public enum TestTime {
    public static let scale: Double = ProcessInfo.processInfo.environment["TESSERA_TEST_TIME_SCALE"].flatMap(Double.init).map { max(1, $0) } ?? 1

    /// `bound` times `scale`.
    public static func scaled(_ bound: Duration) -> Duration {
        let (seconds, attoseconds) = bound.components
        return .nanoseconds(Int64((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) * scale))
    }
}
