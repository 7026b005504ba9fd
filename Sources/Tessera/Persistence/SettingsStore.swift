import Domain
import Foundation
import Logging

/// `AppSettings` in an atomic JSON store off the caller's thread; unreadable files kept aside.
public final class SettingsStore: Sendable {
    private let store: JSONDocumentStore<AppSettings>
    private let logger: Logger

    public init(url: URL, logger: Logger) {
        store = JSONDocumentStore(url: url)
        self.logger = logger
    }

    public var url: URL { store.url }

    /// The settings, or defaults (a corrupt file kept aside), logged either way.
    public func load() -> AppSettings {
        do {
            if let settings = try store.loadNow() { return settings }
            logger.info("no settings at \(url.path); using defaults")
        } catch {
            logger.warning("settings unreadable: \(error); using defaults")
        }
        return .defaults
    }

    /// Saves in the background; a failure is logged (settings are not user data).
    public func save(_ settings: AppSettings) {
        let logger = self.logger
        store.saveInBackground(settings) { error in logger.error("could not save settings: \(error)") }
    }

    /// Waits until every save queued so far has finished (used before the process exits).
    public func flush() {
        store.flush()
    }
}
