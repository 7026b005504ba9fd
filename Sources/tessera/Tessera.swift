import App
import ArgumentParser
import Foundation
import Gtk
import Logging
import Persistence

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

    @Flag(name: .long, help: .hidden)
    var reportFirstFrame = false

    func run() throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "dev.tessera")
        let paths = dataDir.map { AppPaths(root: URL(fileURLWithPath: $0, isDirectory: true)) } ?? AppPaths.xdg()
        let options = LaunchOptions(
            paths: paths,
            unique: dataDir == nil,
            screenshotDirectory: screenshot.map { URL(fileURLWithPath: $0, isDirectory: true) },
            reportFirstFrame: reportFirstFrame)
        let status = MainActor.assumeIsolated {
            let bridge = MainLoopBridge()
            let store = SettingsStore(url: paths.settingsFile, logger: logger)
            let app = TesseraApp(options: options, store: store, logger: logger)
            let status = app.run()
            bridge.uninstall()
            return status
        }
        if status != 0 { throw ExitCode(status) }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
