import App
import Domain
import Foundation
import Gtk
import Logging

/// Every section, light and dark, to `<section>-<light|dark>.png`, each settled first.
@MainActor
final class ScreenshotRunner {
    private let main: MainWindow
    private let appearance: AppearanceController
    private let directory: URL
    private let logger: Logger
    private let io = DispatchQueue(label: "dev.tessera.screenshots")
    /// Other windows, shot as `<name>-<variant>.png`: `open` returns it, `close` closes it.
    var windows: [(name: String, open: @MainActor () -> Window?, close: @MainActor () -> Void)] = []

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
        // A pointer resting over the window would leave a hover state or a tooltip in the pictures.
        main.window.movePointerAway()
        var ok = true
        for variant in [Appearance.light, .dark] {
            appearance.appearance = variant
            for section in Section.allCases {
                main.show(section, transition: .none)
                await settle(main.currentCoordinator.topPage)
                guard let snapshot = await drawn("\(section.rawValue)-\(variant.rawValue)") else {
                    ok = false
                    continue
                }
                ok = await save(snapshot, name: "\(section.rawValue)-\(variant.rawValue)") && ok
                // Every section in the narrowest window it is made for, besides its own scenes.
                let narrowest = ScreenshotScene(name: "\(section.rawValue)-360", windowSize: Self.narrowestSize) { [main] in
                    (main.currentCoordinator.topPage as? any TopScrollingPage)?.scrollToStart()
                }
                let scenes = (main.currentCoordinator.pages.first as? any ScreenshotScenes)?.screenshotScenes ?? []
                // The folded sidebar once, open over the first section.
                let sidebar = ScreenshotScene(name: "sidebar-360", windowSize: Self.narrowestSize,
                                              enter: { [main] in main.sectionsButton.isActive = true },
                                              leave: { [main] in main.sectionsButton.isActive = false })
                ok = await capture(scenes + [narrowest] + (section == Section.allCases.first ? [sidebar] : []), variant: variant) && ok
                main.currentCoordinator.popToRoot()
            }
            for shown in windows {
                guard let window = shown.open() else { continue }
                await waitFor { window.isMapped }
                if let snapshot = await drawn("\(shown.name)-\(variant.rawValue)", of: window) {
                    ok = await save(snapshot, name: "\(shown.name)-\(variant.rawValue)") && ok
                } else {
                    ok = false
                }
                shown.close()
                await waitFor { !window.isMapped }
            }
        }
        return ok
    }

    /// A phone-sized window; GTK may keep it a little wider.
    static let narrowestSize = (width: 360, height: 760)

    /// A section's extra states (a detail page, another window shape), each as `<name>-<variant>.png`.
    private func capture(_ scenes: [ScreenshotScene], variant: Appearance) async -> Bool {
        var ok = true
        let original = main.window.size
        for scene in scenes {
            let size = scene.windowSize ?? original
            // A detail pane left open would hold the window wider.
            main.currentCoordinator.popToRoot()
            await waitFor { !self.main.currentCoordinator.container.transitionRunning }
            // Twice: the sidebar folds only after the first narrowing.
            for _ in 0..<2 {
                main.window.resize(width: size.width, height: size.height)
                await waitFor(within: .seconds(1)) { self.main.window.size == size }
            }
            scene.enter()
            await settle(main.currentCoordinator.topPage)
            await waitFor { self.main.isSidebarInPlace }
            if let snapshot = await drawn("\(scene.name)-\(variant.rawValue)") {
                ok = await save(snapshot, name: "\(scene.name)-\(variant.rawValue)") && ok
            } else {
                ok = false
            }
            scene.leave()
        }
        main.window.resize(width: original.width, height: original.height)
        await waitFor { self.main.window.size == original }
        return ok
    }

    /// `window` two frames from now; nil, logged, when blank.
    private func drawn(_ name: String, of window: Window? = nil) async -> Snapshot? {
        let window = window ?? main.window
        await nextFrame(of: window)
        await nextFrame(of: window)
        guard let snapshot = Snapshot(drawing: window), snapshot.distinctColors(limit: 2) > 1 else {
            logger.error("\(name): the render is blank")
            return nil
        }
        return snapshot
    }

    private func save(_ snapshot: Snapshot, name: String) async -> Bool {
        let url = directory.appendingPathComponent("\(name).png")
        do {
            try await write(snapshot, to: url)
            logger.info("wrote \(url.path)")
            return true
        } catch {
            logger.error("\(error)")
            return false
        }
    }

    /// Waits (at most five seconds, or `limit`) for a condition that the window system or a transition makes true.
    private func waitFor(within limit: Duration = .seconds(5), _ condition: @MainActor () -> Bool) async {
        let deadline = ContinuousClock.now + limit
        while !condition(), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
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

    /// Waits until `window` (the main one unless given) has drawn a frame after the current changes.
    private func nextFrame(of window: Window? = nil) async {
        let window = window ?? main.window
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Resume after this draw has finished, not inside it.
            window.onNextDraw { DispatchQueue.main.async { continuation.resume() } }
            window.queueDraw()
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
