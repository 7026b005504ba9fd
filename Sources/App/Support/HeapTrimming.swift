import Dispatch
import CGdkPixbuf

/// Gives the memory the app's heap keeps free back to the system, once a minute, off the main
/// thread.
///
/// glibc keeps the space of freed blocks inside its heaps for the blocks to come, and gives back
/// only a heap's free top. After hours of pages, rows and pictures coming and going, the free
/// space between the blocks still in use is what a long session's resident memory grows by: in
/// the soak (`tessera-bench soak`), heaptrack found the blocks in use growing some 0.1 MB a
/// minute (SQLite's page cache and GTK's icons filling) while the app's anonymous memory grew
/// 0.3, and one `malloc_trim` at minute 10 gave back 4.5 MB. Large blocks (decoded pictures)
/// go back on free already (`LargeAllocations`); the helpers trim when they rest.
public final class HeapTrimming {
    /// Once a minute: what there is to give back grows by some 0.3 MB a minute, and a trim holds
    /// each heap's lock while it walks it: some 1 ms for a 60 MB heap with little to give back,
    /// 15 ms for one giving back 55 MB (glibc's, timed on its own), so often enough that each
    /// trim has little to do.
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
