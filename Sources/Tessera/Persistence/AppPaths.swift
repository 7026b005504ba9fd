import Foundation

/// The XDG folders, or one folder with `--data-dir`.
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

    /// XDG config, data and cache homes with their fallbacks, each with `tessera`.
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

    /// `relativePath` in the installed `share/tessera/`; nil in the build tree.
    public static func installedItem(_ relativePath: String,
                                     executable: String = CommandLine.arguments[0]) -> URL? {
        let folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let prefixes = [folder.deletingLastPathComponent(), folder.deletingLastPathComponent().deletingLastPathComponent()]
        return prefixes.map { $0.appendingPathComponent("share/tessera/\(relativePath)") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `relativePath` in the source tree around the build folder; nil when installed.
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
