import Domain

/// The settings of an automated launch (screenshots, benchmarks): the defaults every time, and
/// nothing written, so that a run neither depends on nor changes what a person chose.
@MainActor
final class UnrememberedSettings: SettingsStoring {
    func load() -> AppSettings { .defaults }
    func save(_ settings: AppSettings) {}
    func flush() {}
}
