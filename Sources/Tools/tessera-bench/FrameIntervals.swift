/// Intervals between frames, in milliseconds, with the figures every frame benchmark prints.
struct FrameIntervals {
    let values: [Double]

    /// Intervals from frame-clock times in microseconds.
    init(frameTimes: [Int64]) {
        values = zip(frameTimes, frameTimes.dropFirst()).map { Double($1 - $0) / 1000 }
    }

    /// The intervals of each run of frames, none across the gaps between runs.
    init(runs: [[Int64]]) {
        values = runs.flatMap { FrameIntervals(frameTimes: $0).values }
    }

    private var sorted: [Double] { values.sorted() }
    var typical: Double { values.isEmpty ? 0 : median(values) }
    var p99: Double { let sorted = sorted; return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))] }
    var longest: Double { values.max() ?? 0 }
    /// The share of intervals at or under 20 ms, in percent.
    var withinTwentyMilliseconds: Double {
        values.isEmpty ? 0 : Double(values.filter { $0 <= 20 }.count) / Double(values.count) * 100
    }
    /// The intervals over 50 ms, by index.
    var stalls: [Int] { values.indices.filter { values[$0] > 50 } }
}
