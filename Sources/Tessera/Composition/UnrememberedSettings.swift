import App
import Domain

/// Defaults every time, nothing written (`Launch.remembersNothing`).
@MainActor
public final class UnrememberedSettings: SettingsStoring {
    public init() {}
    public func load() -> AppSettings { .defaults }
    public func save(_ settings: AppSettings) {}
    public func flush() {}
}
