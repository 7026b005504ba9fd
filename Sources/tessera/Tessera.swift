import App
import Composition
import Domain
import ArgumentParser
import Foundation
import Gtk
import ImagePipeline
import Logging
import Persistence
import Localization

/// The composition root: parses the command line, builds every object once and runs the app.
@main
struct Tessera: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tessera",
        abstract: "Five classic mobile app flows in one desktop window.",
        version: TesseraApp.version
    )

    @Option(name: .long, help: ArgumentHelp("Keep every file the app writes under this folder.", valueName: "dir"))
    var dataDir: String?

    @Option(name: .long, help: ArgumentHelp("Render every section in light and dark as PNGs into this folder, then exit.", valueName: "dir"))
    var screenshot: String?

    @Option(name: .long, help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .info

    @Option(name: .long, help: ArgumentHelp("Talk to this backend instead of the built-in one (also TESSERA_BACKEND).", valueName: "url"))
    var backend: String?

    @Flag(name: .long, help: .hidden)
    var reportFirstFrame = false

    @Option(name: .long, help: .hidden)
    var reportContentDrawn: String?

    /// The words come in the user's language from the first message on, command-line errors
    /// included: the catalogues are bound before the arguments are read.
    static func main() {
        StartupTrace.mark("entry")
        Localization.start(catalogues: Localization.cataloguesBesideThisProgram)
        main(nil)
    }

    func validate() throws {
        if let given = backend ?? ProcessInfo.processInfo.environment["TESSERA_BACKEND"],
           case .failure(let error) = Backend.parse(given) {
            throw ValidationError(error.description)
        }
        if let section = reportContentDrawn, Section(rawValue: section) == nil {
            throw ValidationError(tr("No section is called “{name}”; the sections are {sections}.",
                                     ["name": section, "sections": Section.allCases.map(\.rawValue).joined(separator: ", ")]))
        }
    }

    func run() throws {
        StartupTrace.mark("main")
        MainActor.assumeIsolated { GtkRuntime.startLoadingFonts() }
        LargeAllocations.returnToSystemOnFree()
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "dev.tessera")
        let paths = dataDir.map { AppPaths(root: URL(fileURLWithPath: $0, isDirectory: true)) } ?? AppPaths.xdg()
        let server = LockedServer()
        let backendSource: BackendSource
        if let given = backend ?? ProcessInfo.processInfo.environment["TESSERA_BACKEND"],
           case .success(let url) = Backend.parse(given) {
            backendSource = .fixed(Backend(base: url))
        } else {
            backendSource = .starting(expectedBase: BuiltInBackend.base) {
                await BuiltInBackend.start(logger: logger, keepAlive: server)
            }
        }
        var options = LaunchOptions(
            unique: dataDir == nil,
            screenshotDirectory: screenshot.map { URL(fileURLWithPath: $0, isDirectory: true) },
            reportFirstFrame: reportFirstFrame,
            backend: backendSource,
            iconsFolder: CompositionRoot.iconsFolder,
            stylesheet: CompositionRoot.stylesheet())
        options.reportContentDrawn = reportContentDrawn.flatMap(Section.init(rawValue:))
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
        if status != 0 { throw ExitCode(status) }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
