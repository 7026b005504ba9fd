import Localization

/// How the app chooses between the light and dark variants of the theme.
public enum Appearance: String, CaseIterable, Codable, Sendable {
    /// Follow the desktop's colour-scheme preference.
    case system
    case light
    case dark

    public var title: String {
        switch self {
        case .system: tr("Follow System")
        case .light: tr("Light")
        case .dark: tr("Dark")
        }
    }

    /// Whether the dark variant should be used, given what the desktop prefers.
    public func prefersDark(desktopPrefersDark: Bool) -> Bool {
        switch self {
        case .system: desktopPrefersDark
        case .light: false
        case .dark: true
        }
    }
}

/// What the app remembers across launches.
public struct AppSettings: Codable, Equatable, Sendable {
    public var windowWidth: Int
    public var windowHeight: Int
    public var isMaximized: Bool
    public var lastSection: Section
    public var appearance: Appearance
    /// Each section's open detail at close, reopened at the next launch.
    public var openDetails: [String: String] = [:]
    /// Each section's list place and search text (by `Section.rawValue`), restored at the next launch.
    public var listPlaces: [String: ListPlace] = [:]
    public var searches: [String: String] = [:]
    /// Each section's viewer open at close (by `Section.rawValue`).
    public var viewers: [String: ViewerPlace] = [:]
    /// Preferences' "Restore where I left off": the section, details, places and searches come back.
    public var restoresPlace = true
    /// Per-service base URLs; `--service` takes precedence.
    public var services: [String: String] = [:]
    /// "Use the built-in backend for everything": `services` kept but unused.
    public var builtInForEverything = false
    /// Preferences' "Save data": saving data on every network, not only on a metered one.
    public var savesData = false
    /// The most pictures, clips and saved pages may take on disk.
    public var diskCacheMegabytes = AppSettings.defaultDiskCacheMegabytes
    /// How often the chat asks for new messages while the window shows.
    public var chatPollSeconds = 30
    /// Preferences' "Notify about new messages".
    public var notifiesMessages = true
    /// The chat's spelling language chosen per script (`SpellingLanguages.chosen`).
    public var spellingLanguages: [String: String] = [:]
    /// The print dialog's last choices (GtkPrintSettings' keys: printer, paper, output file), where the next print starts.
    public var printSettings: [String: String] = [:]
    /// How long the viewer's slideshow shows each picture.
    public var slideshowSeconds = AppSettings.slideshowSecondsChoices[1]
    /// The pictures the viewer shows turned, newest last.
    public var pictureTurns: [PictureTurn] = []
    /// The viewer's clips play without sound (its mute button), from one clip and launch to the next.
    public var clipsMuted = false

    public static let defaultDiskCacheMegabytes = 1000
    /// Longer search texts come from a damaged file, not from typing.
    public static let longestSearch = 500
    /// GTK's print dialog keeps a few dozen choices, each a name and a short value or a file's address.
    public static let mostPrintSettings = 200
    public static let longestPrintSetting = 4096
    /// The slideshow's paces on offer; a file may hold any within `slideshowSecondsRange`.
    public static let slideshowSecondsChoices = [3, 5, 10, 30]
    public static let slideshowSecondsRange = 1...3600
    /// Megabytes as GNOME shows sizes: a million bytes.
    public static let megabyte = 1_000_000
    /// Sooner would load a server for little; later is no longer a live chat.
    public static let chatPollSecondsRange = 5...3600
    /// Below this a screenful of pictures no longer fits; above, a typo.
    public static let diskCacheMegabytesRange = 10...1_000_000
    public static let defaults = AppSettings(windowWidth: 1100, windowHeight: 760, isMaximized: false,
                                             lastSection: .gallery, appearance: .system)
    /// The smallest window the layout supports (a narrow phone-like window).
    public static let minimumSize = (width: 360, height: 360)
    /// Larger sizes than this come from a corrupted file, not from a real screen.
    public static let maximumSize = (width: 16384, height: 16384)

    public init(windowWidth: Int, windowHeight: Int, isMaximized: Bool, lastSection: Section,
                appearance: Appearance) {
        self.windowWidth = windowWidth
        self.windowHeight = windowHeight
        self.isMaximized = isMaximized
        self.lastSection = lastSection
        self.appearance = appearance
    }

    /// Lenient: missing or unknown fields default, so other versions' files restore what they can.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = AppSettings.defaults
        windowWidth = (try? container.decode(Int.self, forKey: .windowWidth)) ?? defaults.windowWidth
        windowHeight = (try? container.decode(Int.self, forKey: .windowHeight)) ?? defaults.windowHeight
        isMaximized = (try? container.decode(Bool.self, forKey: .isMaximized)) ?? defaults.isMaximized
        lastSection = (try? container.decode(Section.self, forKey: .lastSection)) ?? defaults.lastSection
        appearance = (try? container.decode(Appearance.self, forKey: .appearance)) ?? defaults.appearance
        openDetails = (try? container.decode([String: String].self, forKey: .openDetails)) ?? [:]
        listPlaces = (try? container.decode([String: Lenient<ListPlace>].self, forKey: .listPlaces))?.compactMapValues(\.value) ?? [:]
        searches = (try? container.decode([String: Lenient<String>].self, forKey: .searches))?.compactMapValues(\.value) ?? [:]
        viewers = (try? container.decode([String: Lenient<ViewerPlace>].self, forKey: .viewers))?.compactMapValues(\.value) ?? [:]
        restoresPlace = (try? container.decode(Bool.self, forKey: .restoresPlace)) ?? true
        services = (try? container.decode([String: String].self, forKey: .services)) ?? [:]
        builtInForEverything = (try? container.decode(Bool.self, forKey: .builtInForEverything)) ?? false
        savesData = (try? container.decode(Bool.self, forKey: .savesData)) ?? false
        diskCacheMegabytes = (try? container.decode(Int.self, forKey: .diskCacheMegabytes)) ?? Self.defaultDiskCacheMegabytes
        chatPollSeconds = (try? container.decode(Int.self, forKey: .chatPollSeconds)) ?? 30
        notifiesMessages = (try? container.decode(Bool.self, forKey: .notifiesMessages)) ?? true
        spellingLanguages = (try? container.decode([String: Lenient<String>].self, forKey: .spellingLanguages))?.compactMapValues(\.value) ?? [:]
        printSettings = (try? container.decode([String: Lenient<String>].self, forKey: .printSettings))?.compactMapValues(\.value) ?? [:]
        slideshowSeconds = (try? container.decode(Int.self, forKey: .slideshowSeconds)) ?? Self.slideshowSecondsChoices[1]
        pictureTurns = (try? container.decode([Lenient<PictureTurn>].self, forKey: .pictureTurns))?.compactMap(\.value) ?? []
        clipsMuted = (try? container.decode(Bool.self, forKey: .clipsMuted)) ?? false
        self = sanitized()
    }

    /// Where the last launch left off, or nothing of it (`restoresPlace` off, `--fresh`): the first section, no detail.
    public func placeToRestore(fresh: Bool) -> AppSettings {
        guard fresh || !restoresPlace else { return self }
        var copy = self
        copy.lastSection = Self.defaults.lastSection
        copy.openDetails = [:]
        copy.listPlaces = [:]
        copy.searches = [:]
        copy.viewers = [:]
        return copy
    }

    /// How the window sits when the settings are saved.
    public enum WindowPlacement: Sendable, Equatable {
        /// Where and as large as the user made it.
        case normal
        case maximized
        /// Filling the screen, or snapped to a half or a quarter of it: sizes the desktop chose.
        case fullscreen, tiled
    }

    /// Remembers the window; its size only when normal, so maximized or tiled windows restore their old size.
    public func remembering(window placement: WindowPlacement, size: (width: Int, height: Int)) -> AppSettings {
        var copy = self
        switch placement {
        case .normal:
            copy.isMaximized = false
            copy.windowWidth = size.width
            copy.windowHeight = size.height
        case .maximized:
            copy.isMaximized = true
        case .fullscreen, .tiled:
            break
        }
        return copy
    }

    /// The same settings with the window size clamped to what a screen can show.
    public func sanitized() -> AppSettings {
        var copy = self
        copy.windowWidth = min(max(windowWidth, Self.minimumSize.width), Self.maximumSize.width)
        copy.windowHeight = min(max(windowHeight, Self.minimumSize.height), Self.maximumSize.height)
        copy.listPlaces = listPlaces.filter { Section(rawValue: $0.key) != nil }
        copy.viewers = viewers.filter { Section(rawValue: $0.key) != nil && ($0.value.zoom ?? 1).isFinite }
        copy.searches = searches.filter { Section(rawValue: $0.key) != nil && $0.value.count <= Self.longestSearch }
        copy.chatPollSeconds = min(max(chatPollSeconds, Self.chatPollSecondsRange.lowerBound), Self.chatPollSecondsRange.upperBound)
        copy.spellingLanguages = SpellingLanguages(chosen: spellingLanguages).chosen
        copy.printSettings = printSettings.count <= Self.mostPrintSettings
            ? printSettings.filter { $0.key.count + $0.value.count <= Self.longestPrintSetting } : [:]
        copy.pictureTurns = PictureTurn.sanitized(pictureTurns)
        if !Self.slideshowSecondsRange.contains(slideshowSeconds) { copy.slideshowSeconds = Self.slideshowSecondsChoices[1] }
        copy.diskCacheMegabytes = min(max(diskCacheMegabytes, Self.diskCacheMegabytesRange.lowerBound), Self.diskCacheMegabytesRange.upperBound)
        return copy
    }
}

/// A value decoded where it can be, nil where it cannot, so one bad entry does not drop its neighbours.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?

    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}
