import HelperWire
import ImagePipeline

/// A progressive picture's passes as they download, decoded one at a time for a view still waiting.
@MainActor
final class DownloadPasses {
    /// How many passes show (0: none).
    private(set) var shown = 0
    private var decoding: Task<Void, Never>?

    /// Newer passes go to `show` while `waiting()` says so.
    func follow(_ reading: DownloadProgress.Reading?, of request: ImageRequest, in pipeline: ImagePipeline,
                priority: TaskPriority, waiting: @escaping @MainActor () -> Bool,
                show: @escaping @MainActor (DecodedImage) -> Void) {
        guard let count = reading?.passes, count > shown, decoding == nil, waiting() else { return }
        decoding = Task(priority: priority) { [weak self] in
            let passes = await pipeline.passesSoFar(for: request)
            guard let self, !Task.isCancelled else { return }
            self.decoding = nil
            guard let passes, passes.passes > self.shown, waiting() else { return }
            show(passes.image)
            self.shown = passes.passes
        }
    }

    /// Lets a decode on its way go (the download ended, or the view let go of it).
    func stop() {
        decoding?.cancel()
        decoding = nil
    }

    /// Another picture is waited for: none of its passes show.
    func reset() {
        stop()
        shown = 0
    }
}
