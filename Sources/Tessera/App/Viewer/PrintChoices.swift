import Gtk

/// The print dialog's last choices, shared by every viewer and kept with the settings, so a print starts from them.
@MainActor
public final class PrintChoices {
    public private(set) var settings: [String: String]
    /// Keeps the choices of a print that went to the printer or the file.
    private let onChange: @MainActor ([String: String]) -> Void

    public init(_ settings: [String: String] = [:], onChange: @escaping @MainActor ([String: String]) -> Void = { _ in }) {
        self.settings = settings
        self.onChange = onChange
    }

    func remember(_ chosen: [String: String]) {
        settings = chosen
        onChange(chosen)
    }
}
