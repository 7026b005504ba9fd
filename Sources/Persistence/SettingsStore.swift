import Domain
import Foundation
import Logging

/// Loads and saves `AppSettings` as a small JSON file. Saves run on a private serial queue,
/// never on the caller's thread, and always write atomically.
public final class SettingsStore: Sendable {
    public let url: URL
    private let queue = DispatchQueue(label: "dev.tessera.settings")
    private let logger: Logger

    public init(url: URL, logger: Logger) {
        self.url = url
        self.logger = logger
    }

    /// Reads the settings. A missing file gives the defaults; a corrupt one is kept aside and gives
    /// the defaults, with a log line either way.
    public func load() -> AppSettings {
        guard FileManager.default.fileExists(atPath: url.path) else {
            logger.info("no settings at \(url.path); using defaults")
            return .defaults
        }
        do {
            let data = try Data(contentsOf: url)
            return try JSONDecoder().decode(AppSettings.self, from: data)
        } catch {
            let kept = (try? AtomicFile.moveAside(url))?.path ?? "(could not move it)"
            logger.warning("settings at \(url.path) are unreadable (\(error)); kept as \(kept), using defaults")
            return .defaults
        }
    }

    /// Saves in the background; a failure is logged (settings are not user data).
    public func save(_ settings: AppSettings) {
        let url = self.url, logger = self.logger
        queue.async {
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try AtomicFile.write(try encoder.encode(settings), to: url)
            } catch {
                logger.error("could not save settings: \(error)")
            }
        }
    }

    /// Waits until every save queued so far has finished (used before the process exits).
    public func flush() {
        queue.sync {}
    }
}
