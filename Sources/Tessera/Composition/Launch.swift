import App
import Domain
import Foundation
import Gtk
import ImagePipeline
import Logging
import Persistence

/// One run from a command line, every object built once; `tessera-automated` adds a driver.
public struct Launch {
    public let arguments: LaunchArguments
    /// Reads and writes no settings, takes no instance name, no desktop appearance, no welcome.
    public var remembersNothing = false
    /// The section shown first; nil: the one shown last.
    public var initialSection: Section?
    /// Made on the main loop before the app starts, and handed the window once it is built.
    public var driver: (@MainActor () -> any LaunchDriver)?

    public init(arguments: LaunchArguments) {
        self.arguments = arguments
    }

    /// Runs the app; returns its exit status.
    public func run() -> Int32 {
        StartupTrace.mark("main")
        MainActor.assumeIsolated { GtkRuntime.startLoadingFonts() }
        LargeAllocations.returnToSystemOnFree()
        let level = arguments.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "dev.tessera")
        let paths = arguments.dataDir.map { AppPaths(root: URL(fileURLWithPath: $0, isDirectory: true)) } ?? AppPaths.xdg()
        let server = LockedServer()
        let backendSource = backend(paths: paths, logger: logger, server: server)
        var options = LaunchOptions(
            unique: arguments.dataDir == nil && !remembersNothing,
            backend: backendSource,
            givenServices: arguments.services,
            iconsFolder: CompositionRoot.iconsFolder,
            stylesheet: CompositionRoot.stylesheet())
        options.startsAsService = arguments.startsAsService
        options.view = arguments.view
        options.startsFresh = arguments.startsFresh
        options.initialSection = initialSection
        if remembersNothing {
            options.greetsNewUsers = false
            options.followsDesktopAppearance = false
        }
        let remembersNothing = self.remembersNothing, driver = self.driver
        let status = MainActor.assumeIsolated {
            let bridge = MainLoopBridge()
            let sections = CompositionRoot.sections(paths: paths, backend: backendSource)
            let store: any SettingsStoring = remembersNothing
                ? UnrememberedSettings() : CompositionRoot.settings(paths: paths, logger: logger)
            let app = TesseraApp(options: options, sections: sections, store: store, logger: logger)
            app.driver = driver?()
            let status = app.run()
            bridge.uninstall()
            return status
        }
        // After the GTK loop has ended: the main thread has nothing else to do.
        server.stop()
        return status
    }

    /// The backend given on the command line, else the built-in one, started once the window is up.
    private func backend(paths: AppPaths, logger: Logger, server: LockedServer) -> BackendSource {
        // The saved services only (the app reads and keeps the whole file aside when it is unreadable).
        let settings = try? JSONDecoder().decode(AppSettings.self, from: Data(contentsOf: paths.settingsFile))
        let saved = settings?.builtInForEverything == true ? [:] : settings?.services ?? [:]
        let (overrides, problems) = Backend.overrides(saved: saved, given: arguments.services)
        for problem in problems { logger.warning("settings.json, services: \(problem) It is not used.") }
        if let url = arguments.backend {
            return .fixed(Backend(base: url, overrides: overrides))
        }
        let expected = Backend(base: BuiltInBackend.base, overrides: overrides)
        return .starting(expected: expected) { await BuiltInBackend.start(logger: logger, keepAlive: server) }
    }
}
