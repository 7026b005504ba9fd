import Foundation

/// The one rule for a web address from anywhere: absolute http or https with a host; anything else is refused.
public enum WebURL {
    public enum Problem: Error, Equatable, Sendable {
        /// Not an absolute URL with a host.
        case notAURL
        /// Another scheme than http or https.
        case notHTTP(scheme: String)
    }

    /// `url` if it is a web address.
    public static func check(_ url: URL) -> Result<URL, Problem> {
        guard let scheme = url.scheme?.lowercased() else { return .failure(.notAURL) }
        guard scheme == "http" || scheme == "https" else { return .failure(.notHTTP(scheme: scheme)) }
        guard let host = url.host, !host.isEmpty else { return .failure(.notAURL) }
        return .success(url)
    }

    /// The web address written in `text` (spaces around it ignored).
    public static func parse(_ text: String) -> Result<URL, Problem> {
        guard let url = URL(string: text.trimmedOfWhiteSpace()) else { return .failure(.notAURL) }
        return check(url)
    }

    /// Whether `url` is a web address.
    public static func isWeb(_ url: URL) -> Bool {
        if case .success = check(url) { return true }
        return false
    }

    /// The linked file's name as a person reads it; nil when the address names none.
    public static func fileName(of url: URL) -> String? {
        guard !url.hasDirectoryPath else { return nil }
        let name = url.lastPathComponent
        return name.isEmpty || name == "/" ? nil : name
    }
}
