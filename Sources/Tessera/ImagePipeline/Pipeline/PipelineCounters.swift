import Scheduling

/// The pipeline's counts (`ImagePipeline.Statistics`), told by its stages from any thread.
final class PipelineCounters: Sendable {
    private let counts = Mutex(ImagePipeline.Statistics())

    func add(_ count: WritableKeyPath<ImagePipeline.Statistics, Int>) {
        counts.withLock { $0[keyPath: count] += 1 }
    }

    var snapshot: ImagePipeline.Statistics { counts.withLock { $0 } }
}
