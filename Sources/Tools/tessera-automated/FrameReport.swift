import Dispatch
import Composition
import Foundation
import App
import Gtk
import ImagePipeline

/// Every so many seconds: frames (slow, longest), pictures decoded and from memory, SQLite's heap, malloc's, the cache.
@MainActor
final class FrameReport {
    /// A frame at 60 Hz: work past it misses the next one.
    static let frameBudget = 1000.0 / 60

    private let timing: FrameTiming
    private var timer: (any DispatchSourceTimer)?
    private var frames = 0, slow = 0, longest = 0.0
    private weak var app: TesseraApp?
    private var decodedBefore = 0, fromMemoryBefore = 0

    /// Nil until the window is realized.
    init?(window: Window, every seconds: Int, app: TesseraApp) {
        guard let timing = FrameTiming(widget: window) else { return nil }
        self.timing = timing
        self.app = app
        timing.keepsEvery = false
        timing.onFrame = { [unowned self] layout, paint in
            let work = layout + paint
            self.frames += 1
            if work > Self.frameBudget { self.slow += 1 }
            self.longest = max(self.longest, work)
        }
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .seconds(seconds), repeating: .seconds(seconds))
        timer.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.report() } }
        timer.resume()
        self.timer = timer
    }

    isolated deinit {
        timer?.cancel()
    }

    private func report() {
        let counts = app?.pictureStatistics
        let decoded = counts?.decodes ?? 0, fromMemory = counts?.memoryHits ?? 0
        let heap = HeapTrimming.totals
        let line = String(format: "frames %d slow %d longest-ms %.1f decoded %d from-memory %d sqlite-bytes %d" // not translated
                          + " heap-in-use %d heap-free %d picture-cache-bytes %d\n",
                          frames, slow, longest, decoded - decodedBefore, fromMemory - fromMemoryBefore,
                          CompositionRoot.databaseMemoryInUse, heap.inUse, heap.free, app?.pictureMemoryCacheBytes ?? 0)
        decodedBefore = decoded
        fromMemoryBefore = fromMemory
        FileHandle.standardOutput.write(Data(line.utf8))
        frames = 0
        slow = 0
        longest = 0
    }
}
