import Foundation

/// Where the app keeps its files: the XDG base folders, or everything under one folder when the
/// user passes `--data-dir` (tests and side-by-side profiles).
public struct AppPaths: Sendable, Equatable {
    public let config: URL
    public let data: URL
    public let cache: URL

    public init(config: URL, data: URL, cache: URL) {
        self.config = config
        self.data = data
        self.cache = cache
    }

    /// All folders under `root`.
    public init(root: URL) {
        self.init(config: root.appendingPathComponent("config"),
                  data: root.appendingPathComponent("data"),
                  cache: root.appendingPathComponent("cache"))
    }

    /// The XDG base directories (`$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, `$XDG_CACHE_HOME`, with their
    /// documented fallbacks under `$HOME`), each with a `tessera` folder.
    public static func xdg(environment: [String: String] = ProcessInfo.processInfo.environment) -> AppPaths {
        let home = URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
        func base(_ variable: String, _ fallback: String) -> URL {
            // The spec says relative paths are invalid and must be ignored.
            if let value = environment[variable], value.hasPrefix("/") { return URL(fileURLWithPath: value) }
            return home.appendingPathComponent(fallback)
        }
        return AppPaths(config: base("XDG_CONFIG_HOME", ".config").appendingPathComponent("tessera"),
                        data: base("XDG_DATA_HOME", ".local/share").appendingPathComponent("tessera"),
                        cache: base("XDG_CACHE_HOME", ".cache").appendingPathComponent("tessera"))
    }

    public var settingsFile: URL { config.appendingPathComponent("settings.json") }

    /// `relativePath` under the installed `share/tessera/` beside the running executable's prefix; nil in the
    /// build tree.
    public static func installedItem(_ relativePath: String,
                                     executable: String = CommandLine.arguments[0]) -> URL? {
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let prefixes = [folder.deletingLastPathComponent(), folder.deletingLastPathComponent().deletingLastPathComponent()]
        return prefixes.map { $0.appendingPathComponent("share/tessera/\(relativePath)") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `relativePath` in the source tree, when the running executable sits in a build folder
    /// inside it (`make run`, tests, benchmarks); nil for an installed executable.
    public static func sourceTreeItem(_ relativePath: String,
                                      executable: String = CommandLine.arguments[0]) -> URL? {
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }
}
