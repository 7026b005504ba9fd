import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Logging
import Localization

/// Owns the GtkApplication, window, coordinators and settings, and wires app-wide actions.
@MainActor
public final class TesseraApp {
    public nonisolated static let applicationID = "dev.tessera.Tessera"
    public nonisolated static let version = "0.1.0"

    public let application: Application
    public internal(set) var mainWindow: MainWindow?
    public internal(set) var appearance: AppearanceController?
    public internal(set) var settings: AppSettings
    let options: LaunchOptions
    let store: any SettingsStoring
    let logger: Logger
    let menu = MenuModel()
    var actions: [Action] = []
    var stylesheet: StyleSheet?
    var shortcutsWindow: ShortcutsWindow?
    var aboutDialog: AboutDialog?
    /// What drives the launch (screenshots, the benchmarks' reports); nil for a person's.
    public var driver: (any LaunchDriver)?
    /// GNOME Shell's search for people, while it is offered.
    var shellSearch: ShellSearchProvider?
    /// The heap's free memory given back once a minute (`HeapTrimming`), from the start.
    var heapTrimming: HeapTrimming?

    /// What the sections share, made once.
    let services: SectionServices

    /// `sections` makes the shared objects (Composition); `store` keeps the remembered settings.
    public init(options: LaunchOptions, sections: SectionServices.Makers, store: any SettingsStoring, logger: Logger) {
        self.options = options
        self.store = store
        services = SectionServices(makers: sections, backend: options.backend)
        self.logger = logger
        settings = self.store.load().placeToRestore(fresh: options.startsFresh)
        services.dataSaving.alwaysSaves = settings.savesData
        services.disk.setCap(megabytes: settings.diskCacheMegabytes)
        services.chatPollInterval = options.chatPollInterval ?? .seconds(settings.chatPollSeconds)
        services.spellingLanguages = SpellingLanguages(chosen: settings.spellingLanguages)
        application = Application(id: Self.applicationID, unique: options.unique,
                                  service: options.startsAsService)
        if options.startsAsService { application.setInactivityTimeout(ShellSearchProvider.idleTimeout) }
        services.mainWindow = { [weak self] in self?.mainWindow }
        services.application = application
        services.notifiesMessages = { [weak self] in self?.settings.notifiesMessages ?? false }
        services.viewerChoices = ViewerChoices(settings, keepBackground: sections.keepBackground) { [weak self] in self?.remember($0.write) }
        services.rememberSpelling = { [weak self] languages in
            self?.services.spellingLanguages = languages
            self?.remember { $0.spellingLanguages = languages.chosen }
        }
        services.disk.onFull = { [weak self] in
            guard let notice = self?.mainWindow?.diskNotice else { return }
            notice.show(tr("The disk is full: pictures shown now are not kept for later. Nothing saved before was lost."))
            notice.onClick = { [weak self, weak notice] in
                notice?.show(nil)
                self?.showStorage()
            }
        }
        application.onStartup { [weak self] in self?.startup() }
        application.onActivate { [weak self] in self?.activate() }
        application.onOpen { [weak self] addresses in self?.open(addresses) }
        application.onShutdown { [weak self] in self?.shutdown() }
    }

    /// Runs until the window closes; returns the process's exit status.
    public func run() -> Int32 {
        StartupTrace.mark("app-made")
        TerminationSignals.handle { [weak self] _ in self?.askedToQuit() }
        startShellSearch()
        let status = options.view.map { application.run(opening: $0) } ?? application.run()
        return status != 0 ? status : driver?.exitStatus ?? 0
    }

    static let exitGrace: Duration = .seconds(15)
    /// True from the window's close until the writes and downloads under way have finished.
    public internal(set) var isFinishingBeforeExit = false
    /// How long the first page waits for the window's first frame at most.
    static let pageDeadline: DispatchTimeInterval = .milliseconds(250)
    /// How long the disk's first count waits for the first screen's content at most.
    static let diskCountDeadline: DispatchTimeInterval = .seconds(10)
    /// The Preferences window while it is open.
    var preferencesWindow: PreferencesWindow?
    var placeSaveScheduled = false
    public var shownPreferences: Window? { preferencesWindow?.window }
    /// The question before "Clear Saved Data": what goes and what stays.
    var clearDialog: MessageDialog?
    var clearFailure: MessageDialog?

    // MARK: Sections

    /// Lives with the app: people are stored at start-up, downloads go on in any section.
    public var peopleModel: PeopleViewModel { services.peopleModel }
    lazy var welcome = PeopleWelcome(model: services.peopleModel, enabled: options.greetsNewUsers) {
        [weak self] in self?.mainWindow?.window
    }
    public var welcomeText: String? { welcome.text }
    /// The image pipeline's counts; nil until a picture was asked for.
    public var pictureStatistics: ImagePipeline.Statistics? { services.imagesIfMade?.statistics }
    /// Bytes of decoded pictures in the memory cache; nil until a picture was asked for.
    public var pictureMemoryCacheBytes: Int? { services.imagesIfMade?.memoryCache.totalCost }

    func coordinator(for section: Section) -> SectionCoordinator {
        let made: SectionCoordinator = switch section {
        case .gallery: GalleryCoordinator(services: services)
        case .feed: FeedCoordinator(services: services)
        case .people: PeopleCoordinator(services: services)
        case .messages: MessagesCoordinator(services: services)
        case .facts: FactsCoordinator(services: services)
        }
        made.detailToReopen = settings.openDetails[section.rawValue]
        restorePlace(of: made)
        return made
    }
}
