import Domain

/// Where remembered settings are kept; the app only loads and saves.
@MainActor
public protocol SettingsStoring: AnyObject {
    /// The stored settings, or the defaults.
    func load() -> AppSettings
    /// Saves without waiting.
    func save(_ settings: AppSettings)
    /// Waits until every save so far is written.
    func flush()
}
