import Domain
import Foundation

/// Keeps the bytes of the desktop's background in the data folder; the copy's address, or why not in words.
public typealias BackgroundKeeping = @Sendable (Data) async -> Result<URL, BackgroundNotKept>

/// Why a background's copy could not be kept, in words.
public struct BackgroundNotKept: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What every viewer remembers across launches: the print dialog's last choices, the slideshow's pace, the
/// pictures shown turned and clips' mute.
@MainActor
public final class ViewerChoices {
    /// GtkPrintSettings' keys and values (printer, paper, output file): where the next print starts.
    public private(set) var printSettings: [String: String]
    public private(set) var slideshowSeconds: Int
    /// The pictures shown turned or flipped, by address.
    public private(set) var turns: [PictureTurn]
    /// Clips play without sound.
    public private(set) var clipsMuted: Bool
    /// Keeps a copy of a picture set as the desktop's background (the one before it let go); nil: none can be.
    public let keepBackground: BackgroundKeeping?
    /// Keeps the choices (with the settings).
    private let onChange: @MainActor (ViewerChoices) -> Void

    public init(_ settings: AppSettings = .defaults, keepBackground: BackgroundKeeping? = nil,
                onChange: @escaping @MainActor (ViewerChoices) -> Void = { _ in }) {
        self.keepBackground = keepBackground
        printSettings = settings.printSettings
        slideshowSeconds = settings.slideshowSeconds
        turns = settings.pictureTurns
        clipsMuted = settings.clipsMuted
        self.onChange = onChange
    }

    /// The choices of a print that went to the printer or the file.
    func rememberPrint(_ chosen: [String: String]) {
        printSettings = chosen
        onChange(self)
    }

    func rememberMute(_ muted: Bool) {
        clipsMuted = muted
        onChange(self)
    }

    func rememberSlideshow(seconds: Int) {
        slideshowSeconds = seconds
        onChange(self)
    }

    /// How the picture at `url` is shown: turned, flipped, or upright.
    func orientation(of url: URL) -> PictureOrientation {
        turns.last { $0.url == url.absoluteString }?.orientation ?? .upright
    }

    func rememberOrientation(_ orientation: PictureOrientation, of url: URL) {
        turns = PictureTurn.remembering(url.absoluteString, as: orientation, in: turns)
        onChange(self)
    }

    /// Writes the choices into `settings`.
    func write(into settings: inout AppSettings) {
        settings.printSettings = printSettings
        settings.slideshowSeconds = slideshowSeconds
        settings.pictureTurns = turns
        settings.clipsMuted = clipsMuted
    }
}
