import Foundation

/// The viewer's slideshow: when the item shown has had its time, and whether it is paused; the page moves on.
@MainActor
final class Slideshow {
    var isPaused = false
    /// Seen full screen: leaving full screen after that ends the slideshow.
    var wasFullscreen = false
    /// The next picture's decode, asked for ahead of its turn.
    var ahead: Task<Void, Never>?
    private var timer: DispatchWorkItem?
    private let step: @MainActor () -> Void

    /// `step` moves on, when an item's time is up.
    init(step: @escaping @MainActor () -> Void) {
        self.step = step
    }

    isolated deinit {
        timer?.cancel()
        ahead?.cancel()
    }

    /// Steps after `interval`, unless asked to wait again or to stop first.
    func wait(_ interval: DispatchTimeInterval) {
        timer?.cancel()
        let work = DispatchWorkItem { [weak self] in self?.step() }
        timer = work
        DispatchQueue.main.asyncAfter(deadline: .now() + interval, execute: work)
    }

    func stopWaiting() {
        timer?.cancel()
        timer = nil
    }
}
