import Domain

/// Where the remembered settings (window size, last section, appearance) are kept. The
/// composition root hands over the file-backed store; the app only loads and saves.
@MainActor
public protocol SettingsStoring: AnyObject {
    /// The stored settings, or the defaults.
    func load() -> AppSettings
    /// Saves without waiting.
    func save(_ settings: AppSettings)
    /// Waits until every save so far is written.
    func flush()
}
