import Domain
import Foundation
import Gtk
import Logging

/// Renders every section in light and dark to `<section>-<light|dark>.png`.
///
/// Each step changes the window, waits for pages that load content to settle and for the frame
/// that shows the change, reads the window back from the window system on the main thread and
/// writes the PNG on a background queue.
@MainActor
final class ScreenshotRunner {
    private let main: MainWindow
    private let appearance: AppearanceController
    private let directory: URL
    private let logger: Logger
    private let io = DispatchQueue(label: "dev.tessera.screenshots")

    init(window: MainWindow, appearance: AppearanceController, directory: URL, logger: Logger) {
        self.main = window
        self.appearance = appearance
        self.directory = directory
        self.logger = logger
    }

    /// Returns false if any render or write failed.
    func run() async -> Bool {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            logger.error("cannot create \(directory.path): \(error)")
            return false
        }
        var ok = true
        for variant in [Appearance.light, .dark] {
            appearance.appearance = variant
            for section in Section.allCases {
                main.show(section, transition: .none)
                await settle(main.currentCoordinator.topPage)
                await nextFrame()
                guard let snapshot = Snapshot(onScreen: main.window), snapshot.distinctColors(limit: 2) > 1 else {
                    logger.error("\(section.rawValue)-\(variant.rawValue): the render is blank")
                    ok = false
                    continue
                }
                let url = directory.appendingPathComponent("\(section.rawValue)-\(variant.rawValue).png")
                do {
                    try await write(snapshot, to: url)
                    logger.info("wrote \(url.path)")
                } catch {
                    logger.error("\(error)")
                    ok = false
                }
            }
        }
        return ok
    }

    /// Waits (at most ten seconds) for a page that loads content, such as the gallery's images.
    private func settle(_ page: any Page) async {
        guard let settling = page as? any SettlingPage else { return }
        let deadline = ContinuousClock.now + .seconds(10)
        while !settling.isSettled, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if !settling.isSettled { logger.warning("\(page.title) did not finish loading; capturing it as it is") }
    }

    /// Waits until the window has drawn a frame after the current changes.
    private func nextFrame() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Resume after this draw has finished, not inside it.
            main.window.onNextDraw { DispatchQueue.main.async { continuation.resume() } }
            main.window.queueDraw()
        }
    }

    private func write(_ snapshot: Snapshot, to url: URL) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            io.async {
                do {
                    try snapshot.writePNG(to: url)
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}
