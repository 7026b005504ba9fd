import Domain
import Foundation
import Localization
import Logging

/// `--name value` or `--name=value`, each once; by hand (docs/decisions/command-line.md).
public struct LaunchArguments: Sendable {
    public var dataDir: String?
    public var logLevel: Logger.Level = .info
    /// `--backend`, else `TESSERA_BACKEND`; nil: the built-in one.
    public var backend: URL?
    /// `--service NAME=URL`, repeatable: one service from another address.
    public var services: [Backend.Service: URL] = [:]
    /// `--gapplication-service`: started by D-Bus for GNOME Shell's search (GLib's name for it).
    public var startsAsService = false
    /// `--view PICTURE`: a picture file or a web address, opened in the viewer.
    public var view: URL?
    public var startsFresh = false

    /// What the command line asks for.
    public enum Request {
        case run(LaunchArguments)
        case help
        case version
    }

    /// A command line that cannot be followed, said in words.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// The options that take a value, with what each sets.
    private static let valued: [String: @Sendable (inout LaunchArguments, String) throws(Problem) -> Void] = [
        "--data-dir": { $0.dataDir = $1 },
        "--backend": { arguments, value throws(Problem) in arguments.backend = try backend(value) },
        "--log-level": { arguments, value throws(Problem) in
            guard let level = Logger.Level(rawValue: value) else {
                throw Problem(description: tr("“{value}” is not a log level; the levels are {levels}.",
                                              ["value": value, "levels": Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")]))
            }
            arguments.logLevel = level
        },
        "--view": { arguments, value throws(Problem) in arguments.view = try picture(value) },
    ]

    /// Reads `arguments` (no program name), and `TESSERA_BACKEND` without `--backend`.
    public static func parse(_ arguments: [String], environment: [String: String]) throws(Problem) -> Request {
        var parsed = LaunchArguments()
        var seen: Set<String> = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, attached) = split(argument)
            switch name {
            case "-h", "--help": return .help
            case "--version": return .version
            case "--gapplication-service" where attached == nil:
                parsed.startsAsService = true
            case "--fresh" where attached == nil:
                parsed.startsFresh = true
            case "--fresh", "--gapplication-service":
                throw Problem(description: tr("“{option}” takes no value.", ["option": name]))
            case "--service":
                guard let value = attached ?? remaining.popFirst(), !value.isEmpty else {
                    throw Problem(description: tr("“{option}” needs a value.", ["option": name]))
                }
                switch Backend.parseService(value) {
                case .success(let (service, url)):
                    guard parsed.services[service] == nil else {
                        throw Problem(description: tr("“{option}” is given twice.", ["option": "--service \(service.rawValue)"]))
                    }
                    parsed.services[service] = url
                case .failure(let error):
                    throw Problem(description: error.description)
                }
            default:
                guard let set = valued[name] else {
                    throw Problem(description: name.hasPrefix("-")
                        ? tr("There is no option “{option}”.", ["option": argument])
                        : tr("Tessera takes no “{argument}”: only options.", ["argument": argument]))
                }
                guard seen.insert(name).inserted else {
                    throw Problem(description: tr("“{option}” is given twice.", ["option": name]))
                }
                guard let value = attached ?? remaining.popFirst(), !value.isEmpty else {
                    throw Problem(description: tr("“{option}” needs a value.", ["option": name]))
                }
                try set(&parsed, value)
            }
        }
        if parsed.backend == nil, let given = environment["TESSERA_BACKEND"] {
            do throws(Problem) {
                parsed.backend = try backend(given)
            } catch {
                throw Problem(description: "TESSERA_BACKEND: " + error.description)
            }
        }
        return .run(parsed)
    }

    private static func backend(_ text: String) throws(Problem) -> URL {
        switch Backend.parse(text) {
        case .success(let url): url
        case .failure(let error): throw Problem(description: error.description)
        }
    }

    /// A web address as it is; a file's path made absolute, when the file is there to read.
    private static func picture(_ text: String) throws(Problem) -> URL {
        if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            guard url.host?.isEmpty == false else {
                throw Problem(description: tr("“{address}” names no server.", ["address": text]))
            }
            return url
        }
        let file = text.hasPrefix("file://") ? URL(string: text) ?? URL(fileURLWithPath: text) : URL(fileURLWithPath: text)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else {
            throw Problem(description: tr("There is no file “{file}”.", ["file": text]))
        }
        guard !isFolder.boolValue else {
            throw Problem(description: tr("“{file}” is a folder; “--view” opens a picture.", ["file": text]))
        }
        return file.standardizedFileURL
    }

    /// "--name=value" as the name and the value; any other argument as itself.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The first line of the help, and what an error is followed by.
    public static var usage: String {
        tr("Usage: tessera [--data-dir DIR] [--backend URL] [--service NAME=URL]… [--view PICTURE] [--fresh] [--log-level LEVEL] [--version] [--help]")
    }

    public static var help: String {
        [
            tr("Five classic mobile app flows in one desktop window."),
            "",
            usage,
            "",
            tr("Options:"),
            "  --data-dir DIR      " + tr("Keep every file the app writes under this folder."),
            "  --backend URL       " + tr("Talk to this backend instead of the built-in one (also TESSERA_BACKEND)."),
            "  --service NAME=URL  " + tr("Take one service from this address (feed, messages, facts, avatars or images; repeatable; also settings.json’s “services”)."),
            "  --view PICTURE      " + tr("Open a picture (a file or a web address) in the viewer, with the pictures beside it in its folder."),
            "  --fresh             " + tr("Start at the first section, with nothing of where Tessera was left."),
            "  --log-level LEVEL   " + tr("Log level: trace, debug, info, notice, warning, error, critical (default: info)."),
            "  --gapplication-service  " + tr("Start without a window, to answer GNOME Shell’s search (D-Bus starts it so)."),
            "  --version           " + tr("Show the version."),
            "  -h, --help          " + tr("Show this help."),
        ].joined(separator: "\n")
    }
}
