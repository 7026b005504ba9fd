import HelperWire
import ImagePipeline

/// A progressive picture's passes as its download brings them, for a view that waits for the
/// picture (a tile, the viewer): whenever the download's progress says more passes came than show,
/// they are decoded (one decode at a time) and handed to the view if it still waits.
@MainActor
final class DownloadPasses {
    /// How many passes show (0: none).
    private(set) var shown = 0
    private var decoding: Task<Void, Never>?

    /// Called with each reading of the download of `request`: passes newer than those shown go to
    /// `show` while `waiting()` says the view still wants them.
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
