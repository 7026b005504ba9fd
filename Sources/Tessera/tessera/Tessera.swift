// Runs in its own process, tessera: the shipped app.

import App
import Composition
import Foundation
import Localization

/// The app as a person starts it: reads the command line and runs the app (`Launch`).
@main
struct Tessera {
    /// Catalogues bound before arguments are read, so even their errors are translated.
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
        case .run(let arguments): exit(Launch(arguments: arguments).run())
        }
    }
}
