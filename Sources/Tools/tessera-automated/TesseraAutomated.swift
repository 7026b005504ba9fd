import App
import Composition
import Foundation
import Localization

/// The app driven for screenshots and reports with `tessera`'s own launch.
@main
struct TesseraAutomated {
    static func main() {
        StartupTrace.mark("entry")
        Localization.start(catalogues: Localization.cataloguesBesideThisProgram)
        let environment = ProcessInfo.processInfo.environment
        let given = Array(CommandLine.arguments.dropFirst())
        if given.contains("--help") || given.contains("-h") {
            print(AutomationRequest.usage + "\n\n" + LaunchArguments.help)
            return
        }
        let request: AutomationRequest, parsed: LaunchArguments.Request
        do {
            let (taken, rest) = try AutomationRequest.take(from: given)
            request = taken
            parsed = try LaunchArguments.parse(rest, environment: environment)
        } catch {
            FileHandle.standardError.write(Data("tessera-automated: \(error)\n\(AutomationRequest.usage)\n".utf8))
            exit(64) // EX_USAGE
        }
        guard case .run(let arguments) = parsed else {
            print(TesseraApp.version)
            return
        }
        var launch = Launch(arguments: arguments)
        launch.remembersNothing = request.remembersNothing
        launch.initialSection = request.reportContentDrawn
        launch.driver = { Automation(request: request) }
        exit(launch.run())
    }
}
