import Domain
import Foundation

/// What the command line decided.
public struct LaunchOptions: Sendable {
    /// A second launch hands over to this one; off for `--data-dir`, so profiles run apart.
    public var unique: Bool
    /// The section shown first; nil: the one shown last.
    public var initialSection: Section?
    /// `--fresh`: nothing of where the last launch left off (section, details, places, searches).
    public var startsFresh = false
    /// A picture to open in the viewer (`--view`): a `file:` or web address.
    public var view: URL?
    /// The backend the sections talk to; nil: the built-in server's usual address.
    public var backend: BackendSource?
    /// `--service` addresses: they hold for this launch over Preferences.
    public var givenServices: [Backend.Service: URL]
    /// The app's icons (`hicolor/…`), in the source tree or installed.
    public var iconsFolder: URL?
    /// The app's CSS (`data/tessera.css`), read before the main loop starts.
    public var stylesheet: String?
    /// Greets after the first launch stored the people; off where a dialog would cover checks.
    public var greetsNewUsers = true
    /// Light or dark as the desktop's appearance says, when the settings say "follow the system".
    public var followsDesktopAppearance = true
    /// Started by D-Bus for the Shell's search: no window until a result opens, ending once idle.
    public var startsAsService = false
    /// How often the chat asks for new messages while the window shows (`ChatPolling`); nil: as settings say.
    public var chatPollInterval: Duration?

    public init(unique: Bool, backend: BackendSource? = nil, givenServices: [Backend.Service: URL] = [:],
                iconsFolder: URL? = nil, stylesheet: String? = nil) {
        self.backend = backend
        self.givenServices = givenServices
        self.iconsFolder = iconsFolder
        self.stylesheet = stylesheet
        self.unique = unique
    }
}
