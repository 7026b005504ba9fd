import Domain
import Features
import Foundation
import Gtk
import Logging
import Localization

/// The launches that measure or picture the app rather than serve a person (`--screenshot`,
/// the benchmarks' first-frame and content-drawn reports): each prints or writes what it was
/// asked for, then quits the app with the status it says.
@MainActor
final class Automation {
    private unowned let app: TesseraApp
    private let options: LaunchOptions
    private var screenshots: Task<Void, Never>?
    /// The exit status the app ends with: 1 when what was asked for could not be done.
    private(set) var exitStatus: Int32 = 0

    init(app: TesseraApp, options: LaunchOptions) {
        self.app = app
        self.options = options
    }

    /// Screenshots and reports show settled states at a size that compares across runs: no CSS
    /// transitions or slides half-way.
    static func prepare(_ main: MainWindow) {
        ThemeSettings().animationsEnabled = false
        main.window.setDefaultSize(width: TesseraApp.screenshotSize.width, height: TesseraApp.screenshotSize.height)
    }

    /// Starts what the command line asked of this launch.
    func start(in main: MainWindow) {
        if options.reportFirstFrame { reportFirstFrame(of: main) }
        if let section = options.reportContentDrawn { reportContentDrawn(of: section, in: main) }
        if let directory = options.screenshotDirectory { takeScreenshots(of: main, into: directory) }
    }

    func cancel() { screenshots?.cancel() }

    private var application: Application { app.application }
    private var logger: Logger { app.logger }

    /// Prints the milestones, the resident memory and the time of the first frame, that of the
    /// first frame with the section's page ("page-drawn-ns"), and that of the first frame with its
    /// content in view ("content-drawn-ns", `ContentShowingPage`), then quits.
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
                        self.application.quit()
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
            self?.application.quit()
        }
    }

    /// Before each frame, asks whether the section's page shows its content in view; once it does,
    /// calls `drawn` with the time that frame was drawn. Gives up after a minute (exit status 1).
    private func whenContentDrawn(of section: Section, in main: MainWindow, _ drawn: @escaping @MainActor (Int64) -> Void) {
        let deadline = ContinuousClock.now + .seconds(60)
        main.window.addTickCallback { [weak self, weak main] _ in
            guard let self, let main else { return false }
            let page = main.coordinator(for: section).pages.first as? any ContentShowingPage
            if page?.showsContentInView == true {
                main.window.onNextDraw { drawn(StartupTrace.now()) }
                // A page that has settled draws nothing more by itself: the frame is asked for.
                main.window.queueDraw()
                return false
            }
            if ContinuousClock.now > deadline {
                self.logger.error("\(section.title) never showed its content")
                self.exitStatus = 1
                self.application.quit()
                return false
            }
            return true
        }
    }

    private func takeScreenshots(of main: MainWindow, into directory: URL) {
        let runner = ScreenshotRunner(window: main, appearance: app.appearance!, directory: directory, logger: logger)
        runner.windows = [(name: "preferences", open: { [weak app] in
            app?.showPreferences()
            return app?.preferencesWindow?.window
        }, close: { [weak app] in app?.preferencesWindow?.window.close() })]
        screenshots = Task { @MainActor [weak self] in
            let ok = await runner.run()
            self?.exitStatus = ok ? 0 : 1
            self?.application.quit()
        }
    }
}
