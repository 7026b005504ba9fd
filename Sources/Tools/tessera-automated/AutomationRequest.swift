import Domain
import Foundation

/// What `tessera-automated` is asked besides the app's own options: screenshots, or the reports
/// the benchmarks read on standard output.
struct AutomationRequest: Sendable, Equatable {
    /// `--screenshot DIR`: every section and scene in light and dark as PNGs into DIR, then exit.
    var screenshotDirectory: URL?
    /// `--report-first-frame`: the launch's milestones and first frames, then exit. The launch is
    /// otherwise a person's: its profile's settings, uniqueness, portal and Shell search.
    var reportFirstFrame = false
    /// `--report-content-drawn SECTION`: open SECTION, print the time of the first frame with its
    /// content in view (its items with their images, saved or received), then exit.
    var reportContentDrawn: Section?
    /// `--report-frames SECONDS`: the main window's frames every SECONDS (`FrameReport`), in a
    /// session that is otherwise a person's.
    var reportFramesEvery: Int?

    /// Screenshots and the content-drawn report start from the defaults in a fixed window and remember nothing.
    var remembersNothing: Bool { screenshotDirectory != nil || reportContentDrawn != nil }

    init() {}

    /// A command line that cannot be followed, said in words.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = "Usage: tessera-automated (--screenshot DIR | --report-first-frame | "
        + "--report-content-drawn SECTION | --report-frames SECONDS) [tessera's options]"

    /// Takes this program's options out of `arguments` (`--name value` or `--name=value`) and
    /// returns them with the arguments left for the app.
    static func take(from arguments: [String]) throws(Problem) -> (AutomationRequest, [String]) {
        var request = AutomationRequest()
        var rest: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = argument.hasPrefix("--") ? parts[0] : argument
            func value() throws(Problem) -> String {
                guard let value = parts.count == 2 ? parts[1] : remaining.popFirst(), !value.isEmpty else {
                    throw Problem(description: "“\(name)” needs a value.")
                }
                return value
            }
            switch name {
            case "--screenshot":
                request.screenshotDirectory = URL(fileURLWithPath: try value(), isDirectory: true)
            case "--report-first-frame":
                request.reportFirstFrame = true
            case "--report-content-drawn":
                let given = try value()
                guard let section = Section(rawValue: given) else {
                    let sections = Section.allCases.map(\.rawValue).joined(separator: ", ")
                    throw Problem(description: "No section is called “\(given)”; the sections are \(sections).")
                }
                request.reportContentDrawn = section
            case "--report-frames":
                let given = try value()
                guard let seconds = Int(given), seconds > 0 else {
                    throw Problem(description: "“\(given)” is not a number of seconds.")
                }
                request.reportFramesEvery = seconds
            default:
                rest.append(argument)
            }
        }
        guard request != AutomationRequest() else {
            throw Problem(description: "nothing to do: give --screenshot, or a --report option.")
        }
        return (request, rest)
    }
}
