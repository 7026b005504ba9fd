import Dispatch
import Foundation
import Gtk

/// `--report-frames SECONDS` (the soak benchmark): every so many seconds, a line on standard
/// output for the frames the main window drew meanwhile, "frames N slow M longest-ms X": how many,
/// how many took longer than a frame at 60 Hz to lay out and paint, and the longest of them. The
/// launch is otherwise a person's (settings, window and all), so that a session of hours can be
/// compared with its first minutes.
@MainActor
final class FrameReport {
    /// A frame at 60 Hz: work past it misses the next one.
    static let frameBudget = 1000.0 / 60

    private let timing: FrameTiming
    private var timer: (any DispatchSourceTimer)?
    private var frames = 0, slow = 0, longest = 0.0

    /// Nil until the window is realized.
    init?(window: Window, every seconds: Int) {
        guard let timing = FrameTiming(widget: window) else { return nil }
        self.timing = timing
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
        let line = String(format: "frames %d slow %d longest-ms %.1f\n", frames, slow, longest) // not translated
        FileHandle.standardOutput.write(Data(line.utf8))
        frames = 0
        slow = 0
        longest = 0
    }
}
