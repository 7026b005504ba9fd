import App
import Domain

/// The settings of a launch that remembers nothing (`Launch.remembersNothing`): the defaults
/// every time, and nothing written.
@MainActor
public final class UnrememberedSettings: SettingsStoring {
    public init() {}
    public func load() -> AppSettings { .defaults }
    public func save(_ settings: AppSettings) {}
    public func flush() {}
}
