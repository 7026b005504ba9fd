import Dispatch
import CGdkPixbuf

/// Gives the heap's free memory back once a minute off the main thread: glibc returns only its top itself.
public final class HeapTrimming {
    /// Often enough that each trim, which holds the heap's lock, has little to do.
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

    /// malloc's bytes in use and free in its arenas, now.
    public static var totals: (inUse: Int, free: Int) {
        let totals = tessera_malloc_stats()
        return (Int(totals.inUse), Int(totals.free))
    }
}
