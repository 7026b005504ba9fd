import Dispatch
import CGdkPixbuf

/// Gives the memory the app's heap keeps free back to the system, once a minute, off the main
/// thread.
///
/// glibc keeps the space of freed blocks inside its heaps for the blocks to come, and gives back
/// only a heap's free top. In the soak (`tessera-bench soak`), one `malloc_trim` at minute 10
/// gave back 4.5 MB of the app's 56 MB of anonymous memory; trimmed every minute, the app held
/// some 2.5 MB less through two soaks beside the build without it (14 and 30 minutes). What a
/// session still grows by in its first 20 minutes is not this free space: it is video posters
/// (read into the heap) filling their share of the decoded images' memory cache, then flat
/// (docs/benchmarks.md, `soak`). Large blocks (decoded pictures) go back on free when no free
/// space in their heap fits them (`LargeAllocations`); the helpers trim when they rest.
public final class HeapTrimming {
    /// Once a minute: a trim holds each heap's lock while it walks it, some 1 ms for a 60 MB heap
    /// with little to give back and 15 ms for one giving back 55 MB (glibc's, timed on its own),
    /// so often enough that each trim has little to do.
    public static let interval: DispatchTimeInterval = .seconds(60)

    private let timer: any DispatchSourceTimer

    /// Starts trimming every `interval`, on a queue of its own at utility priority.
    public init(every interval: DispatchTimeInterval = HeapTrimming.interval) {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "dev.tessera.heap-trimming", qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .seconds(1))
        timer.setEventHandler { _ = malloc_trim(0) }
        timer.resume()
        self.timer = timer
    }

    deinit {
        timer.cancel()
    }
}
