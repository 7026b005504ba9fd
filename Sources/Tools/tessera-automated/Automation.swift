// Runs in its own process, tessera-automated: the app driven for screenshots and reports.

import App
import Domain
import Foundation
import Gtk
import Logging

/// Drives a launch for screenshots and reports; the first three quit with their status.
@MainActor
final class Automation: LaunchDriver {
    /// The window's size for screenshots and the content-drawn report, so they compare across runs.
    static let windowSize = (width: 1100, height: 760)

    private let request: AutomationRequest
    private let logger = Logger(label: "dev.tessera")
    private weak var app: TesseraApp?
    private var screenshots: Task<Void, Never>?
    private var frameReport: FrameReport?
    private(set) var exitStatus: Int32 = 0

    init(request: AutomationRequest) {
        self.request = request
    }

    /// Settled states at a comparable size: no transitions half-way.
    func prepare(_ main: MainWindow) {
        guard request.remembersNothing else { return }
        ThemeSettings().animationsEnabled = false
        main.window.setDefaultSize(width: Self.windowSize.width, height: Self.windowSize.height)
    }

    func start(_ app: TesseraApp, in main: MainWindow) {
        self.app = app
        if request.reportFirstFrame { reportFirstFrame(of: main) }
        if let section = request.reportContentDrawn { reportContentDrawn(of: section, in: main) }
        if let directory = request.screenshotDirectory { takeScreenshots(of: main, into: directory) }
        if let seconds = request.reportFramesEvery {
            frameReport = FrameReport(window: main.window, every: seconds, app: app)
        }
    }

    func stop() { screenshots?.cancel() }

    private func quit() { app?.application.quit() }

    /// Prints the milestones, resident memory, and the first frame's, page's and content's times, then quits.
    private func reportFirstFrame(of main: MainWindow) {
        main.window.onNextDraw { [weak self, weak main] in
            let first = StartupTrace.now()
            var report = StartupTrace.report + StartupTrace.residentMemoryLine + "first-frame-ns \(first)\n"
            main?.window.addTickCallback { [weak self, weak main] _ in
                guard let self, let main else { return false }
                guard main.showsInitialSection else { return true }
                main.window.onNextDraw { [weak self, weak main] in
                    report += "page-drawn-ns \(StartupTrace.now())\n"
                    guard let self, let main else { return }
                    self.whenContentDrawn(of: main.currentSection, in: main) { drawn in
                        FileHandle.standardOutput.write(Data((report + "content-drawn-ns \(drawn)\n").utf8))
                        self.quit()
                    }
                }
                main.window.queueDraw()
                return false
            }
        }
    }

    /// Prints the time of the first frame with `section`'s content in view, then quits.
    private func reportContentDrawn(of section: Section, in main: MainWindow) {
        whenContentDrawn(of: section, in: main) { [weak self] drawn in
            FileHandle.standardOutput.write(Data("content-drawn-ns \(drawn)\n".utf8))
            self?.quit()
        }
    }

    /// Calls `drawn` with the first frame showing the section's content (a viewer reopening: its picture),
    /// and prints where that frame is (`content-place`, `content-viewer`); exits 1 after a minute.
    private func whenContentDrawn(of section: Section, in main: MainWindow, _ drawn: @escaping @MainActor (Int64) -> Void) {
        let deadline = ContinuousClock.now + .seconds(60)
        main.window.addTickCallback { [weak self, weak main] _ in
            guard let self, let main else { return false }
            let coordinator = main.coordinator(for: section)
            let pushed = coordinator.pages.count > 1 ? coordinator.pages.last as? any ContentShowingPage : nil
            let page = coordinator.viewerToReopen == nil ? pushed ?? coordinator.pages.first as? any ContentShowingPage : nil
            if page?.showsContentInView == true {
                let place = (coordinator.pages.first as? any PlaceKeepingPage)?.listPlace
                let viewer = coordinator.viewerPlace.map { "content-viewer \($0.itemID) \($0.zoom.map { String($0) } ?? "fit")\n" } ?? ""
                FileHandle.standardOutput.write(Data(("content-place \(place?.key ?? "top")\n" + viewer).utf8))
                main.window.onNextDraw { drawn(StartupTrace.now()) }
                // A page that has settled draws nothing more by itself: the frame is asked for.
                main.window.queueDraw()
                return false
            }
            if ContinuousClock.now > deadline {
                self.logger.error("\(section.title) never showed its content")
                self.exitStatus = 1
                self.quit()
                return false
            }
            return true
        }
    }

    private func takeScreenshots(of main: MainWindow, into directory: URL) {
        guard let app, let appearance = app.appearance else { return }
        let runner = ScreenshotRunner(window: main, appearance: appearance, directory: directory, logger: logger)
        runner.windows = [(name: "preferences", open: { [weak app] in
            app?.showPreferences()
            return app?.shownPreferences
        }, close: { [weak app] in app?.shownPreferences?.close() }), (name: "preferences-storage", open: { [weak app] in
            app?.showStorage()
            return app?.shownPreferences
        }, close: { [weak app] in app?.shownPreferences?.close() })]
        screenshots = Task { @MainActor [weak self] in
            let ok = await runner.run()
            self?.exitStatus = ok ? 0 : 1
            self?.quit()
        }
    }
}
