import Domain
import Foundation

/// Screenshots or reports asked of `tessera-automated`, beside the app's options.
struct AutomationRequest: Sendable, Equatable {
    /// `--screenshot DIR`: every section and scene in light and dark as PNGs into DIR, then exit.
    var screenshotDirectory: URL?
    /// `--report-first-frame`: milestones and first frames of an otherwise normal launch.
    var reportFirstFrame = false
    /// `--report-content-drawn SECTION`: the first frame with its content in view.
    var reportContentDrawn: Section?
    /// `--report-frames SECONDS`: frame reports in an otherwise normal session.
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

    /// Takes our options out of `arguments`, leaving the app's.
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
