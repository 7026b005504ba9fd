import Domain
import Foundation
import Gtk
import Features
import ImagePipeline
import Networking
import Repositories
import Logging
import Persistence

/// What the command line decided.
public struct LaunchOptions: Sendable {
    public var paths: AppPaths
    /// Whether a second launch hands over to the running instance. Off for `--data-dir`
    /// profiles, so that side-by-side profiles (and tests) run as separate processes.
    public var unique: Bool
    /// Render every section in light and dark to this folder, then exit.
    public var screenshotDirectory: URL?
    /// Print the monotonic time of the first drawn frame to stdout, then exit (benchmarks).
    public var reportFirstFrame: Bool
    /// The backend the sections talk to.
    public var backend: BackendSource?
    /// The one image pipeline every section's images go through.
    public var images: ImagePipeline?
    /// Greet the user after the first launch stored the people. Off for screenshots and for tests
    /// of other sections, where a modal dialog would sit over what they check.
    public var greetsNewUsers = true
    /// A test hook: every rename of a person waits this long inside its database write.
    public var renameDelay: Duration = .zero

    /// Screenshots and benchmarks: fixed window, no saved settings, no uniqueness.
    var isAutomated: Bool { screenshotDirectory != nil || reportFirstFrame }

    public init(paths: AppPaths, unique: Bool, screenshotDirectory: URL? = nil, reportFirstFrame: Bool = false,
                backend: BackendSource? = nil, images: ImagePipeline? = nil) {
        self.backend = backend
        self.images = images
        self.paths = paths
        self.unique = unique
        self.screenshotDirectory = screenshotDirectory
        self.reportFirstFrame = reportFirstFrame
    }
}

/// The application: owns the GtkApplication, the window, the section coordinators and the
/// remembered settings, and wires the app-wide actions.
@MainActor
public final class TesseraApp {
    public nonisolated static let applicationID = "dev.tessera.Tessera"
    public nonisolated static let version = "0.1.0"
    /// Fixed size of the screenshot mode's window, so screenshots compare across runs.
    public static let screenshotSize = (width: 1100, height: 760)

    public let application: Application
    public private(set) var mainWindow: MainWindow?
    public private(set) var appearance: AppearanceController?
    public private(set) var settings: AppSettings
    private let options: LaunchOptions
    private let store: SettingsStore
    private let logger: Logger
    private let menu = MenuModel()
    private var actions: [Action] = []
    private var stylesheet: StyleSheet?
    private var shortcutsWindow: ShortcutsWindow?
    private var aboutDialog: AboutDialog?
    private var exitStatus: Int32 = 0
    private var screenshotTask: Task<Void, Never>?

    public init(options: LaunchOptions, store: SettingsStore, logger: Logger) {
        self.options = options
        self.store = store
        self.logger = logger
        settings = options.isAutomated ? .defaults : store.load()
        application = Application(id: Self.applicationID, unique: options.unique && !options.isAutomated)
        application.onStartup { [weak self] in self?.startup() }
        application.onActivate { [weak self] in self?.activate() }
        application.onShutdown { [weak self] in self?.shutdown() }
    }

    /// Runs until the window closes; returns the process's exit status.
    public func run() -> Int32 {
        StartupTrace.mark("app-made")
        let status = application.run()
        return status != 0 ? status : exitStatus
    }

    private var isAutomated: Bool { options.isAutomated }

    // MARK: Lifecycle

    private func startup() {
        StartupTrace.mark("gtk-started")
        do {
            let sheet = try StyleSheet(css: Stylesheet.css)
            sheet.install()
            stylesheet = sheet
        } catch {
            logger.error("stylesheet rejected: \(error)")
        }
        if let icons = AppPaths.sourceTreeItem("data/icons")?.path {
            Application.addIconSearchPath(icons)
            WindowIcon.setDefault(fromPNGs: [48, 128].map { "\(icons)/hicolor/\($0)x\($0)/apps/\(Self.applicationID).png" })
        }
        appearance = AppearanceController(appearance: settings.appearance, theme: ThemeSettings(),
                                          followPortal: !isAutomated)
        buildMenuAndActions()
    }

    private func activate() {
        if let mainWindow {
            // A second launch: the primary instance presents its window.
            mainWindow.window.present()
            return
        }
        let main = MainWindow(application: application, menu: menu, initialSection: settings.lastSection) { [unowned self] section in
            SectionCoordinator(section: section, root: self.rootPage(for: section))
        }
        mainWindow = main
        StartupTrace.mark("window-built")
        if isAutomated {
            // Screenshots show settled states: no CSS transitions or slides half-way.
            ThemeSettings().animationsEnabled = false
            main.window.setDefaultSize(width: Self.screenshotSize.width, height: Self.screenshotSize.height)
        } else {
            main.window.setDefaultSize(width: settings.windowWidth, height: settings.windowHeight)
            if settings.isMaximized { main.window.maximize() }
            trackWindowState(main)
        }
        main.window.present()
        StartupTrace.mark("presented")
        startBackendAfterFirstFrame(of: main)
        // The first launch stores the people once the window is on screen.
        main.window.onNextDraw { [weak self] in
            guard let self else { return }
            Task { await self.peopleModel.start() }
        }
        if options.reportFirstFrame { reportFirstFrame(of: main) }
        if let directory = options.screenshotDirectory { takeScreenshots(of: main, into: directory) }
    }

    private func shutdown() {
        screenshotTask?.cancel()
        store.flush()
    }

    // MARK: Settings

    private func trackWindowState(_ main: MainWindow) {
        main.onSectionChange = { [weak self] section in
            self?.settings.lastSection = section
            self?.saveSettings()
        }
        main.window.onCloseRequest { [weak self] in
            self?.saveSettings()
            self?.finishDownloadsBeforeExit()
            return false
        }
    }

    /// Avatar downloads still under way when the window closes are finished (for at most
    /// `exitGrace`) before the app exits, so the next launch has them.
    private func finishDownloadsBeforeExit() {
        guard !isFinishingDownloads else { return }
        isFinishingDownloads = true
        application.hold()
        let downloader = avatarDownloader, logger = self.logger
        let finished = FirstOf()
        Task { @MainActor [weak self] in
            await finished.wait(
                { await downloader.waitUntilIdle() },
                { try? await Task.sleep(for: Self.exitGrace); logger.warning("avatar downloads unfinished at exit") })
            self?.isFinishingDownloads = false
            self?.application.release()
        }
    }

    static let exitGrace: Duration = .seconds(15)
    /// True from the window's close until pending avatar downloads have finished.
    public private(set) var isFinishingDownloads = false

    /// Saves the settings, with the window's size and maximized state as they are now. The size
    /// is the unmaximized one, so un-maximizing after the next launch restores it.
    private func saveSettings() {
        guard !isAutomated else { return }
        if let window = mainWindow?.window {
            settings.isMaximized = window.isMaximized
            if !window.isMaximized {
                settings.windowWidth = window.size.width
                settings.windowHeight = window.size.height
            }
        }
        store.save(settings.sanitized())
    }

    // MARK: Menu and actions

    private func buildMenuAndActions() {
        let appearanceMenu = MenuModel()
        for choice in Appearance.allCases {
            appearanceMenu.append(choice.title, action: "app.appearance::\(choice.rawValue)")
        }
        let main = MenuModel()
        main.appendSubmenu("_Appearance", appearanceMenu)
        let help = MenuModel()
        help.append("_Keyboard Shortcuts", action: "app.shortcuts")
        help.append("_About Tessera", action: "app.about")
        menu.appendSection(nil, main)
        menu.appendSection(nil, help)

        let appearanceAction = Action(name: "appearance", state: settings.appearance.rawValue)
        appearanceAction.onChangeState { [weak self] value in
            guard let self, let choice = Appearance(rawValue: value) else { return }
            self.setAppearance(choice)
        }
        let shortcuts = Action(name: "shortcuts")
        shortcuts.onActivate { [weak self] _ in self?.showShortcuts() }
        let about = Action(name: "about")
        about.onActivate { [weak self] _ in self?.showAbout() }
        let quit = Action(name: "quit")
        quit.onActivate { [weak self] _ in
            guard let self else { return }
            // Quitting closes the window, so pending downloads finish first, as on a close.
            if let window = self.mainWindow?.window, !self.isAutomated {
                window.close()
            } else {
                self.saveSettings()
                self.application.quit()
            }
        }
        actions = [appearanceAction, shortcuts, about, quit]
        actions.forEach(application.addAction)
        for binding in Shortcuts.all {
            application.setAccelerators(binding.accelerators, for: binding.action)
        }
    }

    /// Applies and remembers an Appearance choice.
    public func setAppearance(_ choice: Appearance) {
        settings.appearance = choice
        appearance?.appearance = choice
        if let action = actions.first(where: { $0.stringState != nil }), action.stringState != choice.rawValue {
            action.setState(choice.rawValue)
        }
        saveSettings()
    }

    public func showShortcuts() {
        if shortcutsWindow == nil {
            shortcutsWindow = ShortcutsWindow(parent: mainWindow?.window, groups: Shortcuts.groups)
        }
        shortcutsWindow?.showAll()
        shortcutsWindow?.present()
    }

    public func showAbout() {
        if aboutDialog == nil {
            aboutDialog = AboutDialog(parent: mainWindow?.window, info: .init(
                name: "Tessera", version: Self.version,
                comments: "Five classic mobile app flows, done right on the Linux desktop.",
                website: "https://tessera.dev", iconName: Self.applicationID, author: "The Tessera developers"))
        }
        aboutDialog?.present()
    }

    public var isShortcutsWindowVisible: Bool { shortcutsWindow?.isVisible ?? false }
    public var shortcutsGroups: [ShortcutsWindow.Group] { shortcutsWindow?.groups ?? [] }
    public var isAboutVisible: Bool { aboutDialog?.isVisible ?? false }
    public var aboutProgramName: String? { aboutDialog?.programName }
    /// The primary menu's item labels, sections flattened, as shown.
    public var menuLabels: [String] { menu.itemLabels }

    // MARK: Sections

    /// The image pipeline every section shares.
    private lazy var images: ImagePipeline = options.images ?? ImagePipeline(
        client: CurlHTTPClient(), configuration: .init(diskFolder: options.paths.cache.appendingPathComponent("images")))

    /// The app's database, opened off the main thread on first use.
    private lazy var database = LazyDatabase(url: options.paths.data.appendingPathComponent("tessera.sqlite"))
    private lazy var peopleStore = PeopleStore(database: database, renameDelay: options.renameDelay)
    private lazy var avatarDownloader: AvatarDownloader = {
        let source = backendSource
        return AvatarDownloader(store: peopleStore) { await source.resolve() }
    }()
    /// The People view-model lives as long as the app: the first launch stores the people at
    /// start-up, and downloads go on whichever section is shown.
    public private(set) lazy var peopleModel: PeopleViewModel = {
        let model = PeopleViewModel(store: peopleStore, downloader: avatarDownloader)
        model.onWelcome = { [weak self] in self?.welcome() }
        return model
    }()
    private lazy var avatarImages = AvatarImages(store: peopleStore)
    private var welcomeDialog: MessageDialog?

    private func welcome() {
        guard options.greetsNewUsers, !isAutomated else { return }
        let dialog = MessageDialog(parent: mainWindow?.window, kind: .info, text: "Welcome to Tessera",
                                   secondaryText: "Twenty people are now stored on this computer. Their avatars download one at a time as their rows come into view.")
        dialog.addButton("_Start", response: 1, isDefault: true)
        dialog.onResponse { [weak self] _ in
            self?.welcomeDialog?.hide()
            self?.welcomeDialog = nil
            self?.peopleModel.dismissWelcome()
        }
        welcomeDialog = dialog
        dialog.present()
    }

    public var welcomeText: String? { welcomeDialog?.isVisible == true ? welcomeDialog?.text : nil }

    /// The client for the sections' API calls (images have their own in the pipeline).
    private lazy var http = CurlHTTPClient()

    /// The backend the sections talk to: the given one, else the built-in server's usual address.
    private var backendSource: BackendSource {
        options.backend ?? .fixed(Backend(base: URL(string: "http://127.0.0.1:47650/")!))
    }

    private func rootPage(for section: Section) -> any Page {
        switch section {
        case .feed:
            let source = backendSource
            let model = FeedViewModel(repository: LiveFeedRepository(client: http) { await source.resolve() })
            return FeedPage(model: model, pipeline: images, backendReady: { _ = await source.resolve() },
                            window: { [weak self] in self?.mainWindow?.window }) { [weak self] posts, index in
                self?.openPost(posts, at: index)
            }
        case .messages:
            let source = backendSource
            let model = MessagesViewModel(repository: LiveMessagesRepository(client: http) { await source.resolve() },
                                          store: LocalMessageStore(database: database))
            return MessagesPage(model: model, pipeline: images, backend: { await source.resolve() }) { [weak self] message, avatar in
                self?.openMessage(message, avatarURL: avatar)
            }
        case .people:
            return PeoplePage(model: peopleModel, avatars: avatarImages) { [weak self] person in
                self?.editPerson(person)
            }
        case .facts:
            let source = backendSource
            let model = FactsViewModel(repository: LiveFactsRepository(client: http) { await source.resolve() })
            return FactsPage(model: model, pipeline: images, backendReady: { _ = await source.resolve() },
                             open: { [weak self] fact, aspect in self?.openFact(fact, aspect: aspect) },
                             titleChanged: { [weak self] in self?.mainWindow?.updateChrome() })
        case .gallery:
            let base = options.backend?.expectedBase ?? URL(string: "http://127.0.0.1:47650/")!
            let repository = FileGalleryRepository(url: options.paths.data.appendingPathComponent("gallery.json"),
                                                   firstRunItems: GalleryFirstRun.items(base: base))
            let backend = options.backend
            return GalleryPage(model: GalleryViewModel(repository: repository), pipeline: images,
                               backendReady: { _ = await backend?.resolve() }) { [weak self] in
                self?.mainWindow?.window
            }
        }
    }

    private func openPost(_ posts: [MediaPost], at index: Int) {
        guard let main = mainWindow else { return }
        let coordinator = main.coordinator(for: .feed)
        guard let grid = coordinator.pages.first as? FeedPage else { return }
        coordinator.push(FeedViewerPage(posts: posts, index: index, pipeline: images,
                                        goBack: { [weak coordinator] in coordinator?.pop() },
                                        onMove: { [weak main] in main?.updateChrome() },
                                        onLeave: { [weak grid] post in grid?.focus(post) }))
    }

    private func openMessage(_ message: ChatMessage, avatarURL: URL?) {
        guard let main = mainWindow else { return }
        let coordinator = main.coordinator(for: .messages)
        guard let page = coordinator.pages.first as? MessagesPage else { return }
        coordinator.push(MessageDetailPage(message: message, avatarURL: avatarURL, pipeline: images,
                                           goBack: { [weak coordinator] in coordinator?.pop() },
                                           delete: { [weak coordinator, weak page] in
            guard let page else { return nil }
            let deleted = await page.model.delete(message.origin) { coordinator?.pop() }
            return deleted ? nil : page.model.state.notice
        }, dismissNotice: { [weak page] in page?.model.dismissNotice() }))
    }

    private func editPerson(_ person: Person) {
        guard let main = mainWindow else { return }
        let coordinator = main.coordinator(for: .people)
        coordinator.push(PersonEditPage(person: person, model: peopleModel, avatarImage: avatarImages.cached(person.id)) {
            [weak coordinator] in coordinator?.pop()
        })
    }

    private func openFact(_ fact: Fact, aspect: Double?) {
        guard let main = mainWindow else { return }
        let window = main.window
        main.coordinator(for: .facts).push(FactDetailPage(fact: fact, aspect: aspect, pipeline: images) {
            window.size
        })
    }

    /// The built-in backend starts once the window is on screen, not before.
    private func startBackendAfterFirstFrame(of main: MainWindow) {
        guard let backend = options.backend else { return }
        main.window.onNextDraw { backend.prepare() }
    }

    // MARK: Automation (benchmarks, screenshots)

    private func reportFirstFrame(of main: MainWindow) {
        main.window.onNextDraw { [weak self] in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let line = StartupTrace.report + "first-frame-ns \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))\n"
            FileHandle.standardOutput.write(Data(line.utf8))
            self?.application.quit()
        }
    }

    private func takeScreenshots(of main: MainWindow, into directory: URL) {
        let runner = ScreenshotRunner(window: main, appearance: appearance!, directory: directory, logger: logger)
        screenshotTask = Task { @MainActor [weak self] in
            let ok = await runner.run()
            self?.exitStatus = ok ? 0 : 1
            self?.application.quit()
        }
    }
}
