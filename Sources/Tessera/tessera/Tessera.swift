import App
import Composition
import Domain
import Foundation
import Gtk
import ImagePipeline
import Logging
import Persistence
import Localization

/// The composition root: reads the command line, builds every object once and runs the app.
@main
struct Tessera {
    let arguments: LaunchArguments

    /// The words come in the user's language from the first message on, command-line errors
    /// included: the catalogues are bound before the arguments are read.
    static func main() {
        StartupTrace.mark("entry")
        Localization.start(catalogues: Localization.cataloguesBesideThisProgram)
        let request: LaunchArguments.Request
        do throws(LaunchArguments.Problem) {
            request = try LaunchArguments.parse(Array(CommandLine.arguments.dropFirst()),
                                                environment: ProcessInfo.processInfo.environment)
        } catch {
            let text = "tessera: \(error.description)\n\(LaunchArguments.usage)\n"
                + tr("“tessera --help” lists the options.") + "\n"
            FileHandle.standardError.write(Data(text.utf8))
            exit(64) // EX_USAGE
        }
        switch request {
        case .help: print(LaunchArguments.help)
        case .version: print(TesseraApp.version)
        case .run(let arguments): exit(Tessera(arguments: arguments).run())
        }
    }

    /// Runs the app; returns its exit status.
    func run() -> Int32 {
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
        // The saved services only (the app reads and keeps the whole file aside when it is unreadable).
        let settings = try? JSONDecoder().decode(AppSettings.self, from: Data(contentsOf: paths.settingsFile))
        let saved = settings?.builtInForEverything == true ? [:] : settings?.services ?? [:]
        let (overrides, problems) = Backend.overrides(saved: saved, given: arguments.services)
        for problem in problems { logger.warning("settings.json, services: \(problem) It is not used.") }
        let backendSource: BackendSource
        if let url = arguments.backend {
            backendSource = .fixed(Backend(base: url, overrides: overrides))
        } else {
            let expected = Backend(base: BuiltInBackend.base, overrides: overrides)
            backendSource = .starting(expected: expected) { await BuiltInBackend.start(logger: logger, keepAlive: server) }
        }
        var options = LaunchOptions(
            unique: arguments.dataDir == nil,
            screenshotDirectory: arguments.screenshot.map { URL(fileURLWithPath: $0, isDirectory: true) },
            reportFirstFrame: arguments.reportFirstFrame,
            backend: backendSource,
            givenServices: arguments.services,
            iconsFolder: CompositionRoot.iconsFolder,
            stylesheet: CompositionRoot.stylesheet())
        options.reportContentDrawn = arguments.reportContentDrawn
        options.reportFramesEvery = arguments.reportFramesEvery
        options.startsAsService = arguments.startsAsService
        options.view = arguments.view
        let status = MainActor.assumeIsolated {
            let bridge = MainLoopBridge()
            let sections = CompositionRoot.sections(paths: paths, backend: backendSource)
            let app = TesseraApp(options: options, sections: sections,
                                 store: CompositionRoot.settings(paths: paths, logger: logger), logger: logger)
            let status = app.run()
            bridge.uninstall()
            return status
        }
        // After the GTK loop has ended: the main thread has nothing else to do.
        server.stop()
        return status
    }
}
