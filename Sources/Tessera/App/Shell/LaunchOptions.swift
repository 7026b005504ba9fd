import Domain
import Foundation

/// What the command line decided.
public struct LaunchOptions: Sendable {
    /// Whether a second launch hands over to the running instance. Off for `--data-dir`
    /// profiles, so that side-by-side profiles (and tests) run as separate processes.
    public var unique: Bool
    /// The section shown first; nil: the one shown last.
    public var initialSection: Section?
    /// A picture to open in the viewer (`--view`): a `file:` or web address.
    public var view: URL?
    /// The backend the sections talk to; nil: the built-in server's usual address.
    public var backend: BackendSource?
    /// The services' addresses given on the command line (`--service`): they hold for this launch,
    /// whatever the Preferences window says.
    public var givenServices: [Backend.Service: URL]
    /// The app's icons (`hicolor/…`), in the source tree or installed.
    public var iconsFolder: URL?
    /// The app's CSS (`data/tessera.css`), read before the main loop starts.
    public var stylesheet: String?
    /// Greet the user after the first launch stored the people. Off for screenshots and for tests
    /// of other sections, where a modal dialog would sit over what they check.
    public var greetsNewUsers = true
    /// Light or dark as the desktop's appearance says, when the settings say "follow the system".
    public var followsDesktopAppearance = true
    /// Started by D-Bus for GNOME Shell's search (`--gapplication-service`): no window until a
    /// result is opened, and the process ends once it has been idle a while.
    public var startsAsService = false

    public init(unique: Bool, backend: BackendSource? = nil, givenServices: [Backend.Service: URL] = [:],
                iconsFolder: URL? = nil, stylesheet: String? = nil) {
        self.backend = backend
        self.givenServices = givenServices
        self.iconsFolder = iconsFolder
        self.stylesheet = stylesheet
        self.unique = unique
    }
}
