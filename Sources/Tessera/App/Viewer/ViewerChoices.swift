import Domain

/// What every viewer remembers across launches: the print dialog's last choices and the slideshow's pace.
@MainActor
public final class ViewerChoices {
    /// GtkPrintSettings' keys and values (printer, paper, output file): where the next print starts.
    public private(set) var printSettings: [String: String]
    public private(set) var slideshowSeconds: Int
    /// Keeps the choices (with the settings).
    private let onChange: @MainActor (ViewerChoices) -> Void

    public init(_ settings: AppSettings = .defaults, onChange: @escaping @MainActor (ViewerChoices) -> Void = { _ in }) {
        printSettings = settings.printSettings
        slideshowSeconds = settings.slideshowSeconds
        self.onChange = onChange
    }

    /// The choices of a print that went to the printer or the file.
    func rememberPrint(_ chosen: [String: String]) {
        printSettings = chosen
        onChange(self)
    }

    func rememberSlideshow(seconds: Int) {
        slideshowSeconds = seconds
        onChange(self)
    }

    /// Writes the choices into `settings`.
    func write(into settings: inout AppSettings) {
        settings.printSettings = printSettings
        settings.slideshowSeconds = slideshowSeconds
    }
}
