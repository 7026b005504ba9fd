import Domain
import Features
import Foundation
import Gtk
import Logging
import Localization

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
    private let store: any SettingsStoring
    private let logger: Logger
    private let menu = MenuModel()
    private var actions: [Action] = []
    private var stylesheet: StyleSheet?
    private var shortcutsWindow: ShortcutsWindow?
    private var aboutDialog: AboutDialog?
    private var exitStatus: Int32 = 0
    private var screenshotTask: Task<Void, Never>?

    /// What the sections share, made once.
    let services: SectionServices

    /// - Parameters:
    ///   - sections: how the sections' shared objects are made (`Sources/Composition`).
    ///   - store: where the remembered settings are kept.
    public init(options: LaunchOptions, sections: SectionServices.Makers, store: any SettingsStoring, logger: Logger) {
        self.options = options
        self.store = store
        services = SectionServices(makers: sections, backend: options.backend)
        self.logger = logger
        settings = options.isAutomated ? .defaults : store.load()
        application = Application(id: Self.applicationID, unique: options.unique && !options.isAutomated)
        services.mainWindow = { [weak self] in self?.mainWindow }
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
        if let css = options.stylesheet {
            do {
                let sheet = try StyleSheet(css: css)
                sheet.install()
                stylesheet = sheet
            } catch {
                logger.error("stylesheet rejected: \(error)")
            }
        } else {
            logger.warning("no stylesheet (data/tessera.css) found; the app shows GTK's defaults")
        }
        if let icons = options.iconsFolder?.path {
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
        let main = MainWindow(application: application, menu: menu,
                              initialSection: options.reportContentDrawn ?? settings.lastSection) { [unowned self] section in
            self.coordinator(for: section)
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
        showFirstPageAfterFirstFrame(of: main)
        startBackendAfterFirstFrame(of: main)
        // The first launch stores the people once the window is on screen.
        main.window.onNextDraw { [weak self] in
            guard let self else { return }
            _ = self.welcome
            Task { await self.peopleModel.start() }
        }
        if options.reportFirstFrame { reportFirstFrame(of: main) }
        if let section = options.reportContentDrawn { reportContentDrawn(of: section, in: main) }
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
        main.window.onCloseRequest { [weak self, weak main] in
            main?.coordinators.values.forEach { $0.sectionWillHide() }
            self?.saveSettings()
            self?.finishWorkBeforeExit()
            return false
        }
    }

    /// Work still under way when the window closes (a name's write, avatar downloads, pictures on
    /// their way to the disk cache) is finished before the app exits: the renames always, the
    /// downloads and the pictures' writes for at most `exitGrace`, so the next launch has them.
    private func finishWorkBeforeExit() {
        guard !isFinishingBeforeExit else { return }
        isFinishingBeforeExit = true
        application.hold()
        let finishDownloads = services.makers.finishDownloads, logger = self.logger
        let people = services.peopleModelIfMade, images = services.imagesIfMade
        let finished = FirstOf()
        Task { @MainActor [weak self] in
            await finished.wait(
                {
                    await finishDownloads()
                    // The pictures shown last are kept for the next launch (offline too).
                    await images?.finishDiskWrites()
                },
                {
                    // Cancelled once the downloads finish; only a grace that ran out is worth a word.
                    guard (try? await Task.sleep(for: Self.exitGrace)) != nil else { return }
                    logger.warning("avatar downloads or picture writes unfinished at exit")
                })
            await people?.finishRenames()
            self?.isFinishingBeforeExit = false
            self?.application.release()
        }
    }

    static let exitGrace: Duration = .seconds(15)
    /// True from the window's close until the writes and downloads under way have finished.
    public private(set) var isFinishingBeforeExit = false

    /// Saves the settings, with the window's size and maximized state as they are now (the size
    /// only from a normal window: see `AppSettings.remembering`).
    private func saveSettings() {
        guard !isAutomated else { return }
        if let main = mainWindow {
            // A section never shown at this launch keeps what it had open at the last one.
            for (section, coordinator) in main.coordinators {
                settings.openDetails[section.rawValue] = coordinator.openDetailKey ?? coordinator.detailToReopen
            }
        }
        if let window = mainWindow?.window {
            let placement: AppSettings.WindowPlacement = switch window.placement {
            case .normal: .normal
            case .maximized: .maximized
            case .fullscreen: .fullscreen
            case .tiled: .tiled
            }
            settings = settings.remembering(window: placement, size: window.size)
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
        main.append(tr("_Preferences"), action: "app.preferences")
        main.appendSubmenu(tr("_Appearance"), appearanceMenu)
        main.append(tr("_Clear Saved Data…"), action: "app.clear-saved-data")
        let help = MenuModel()
        help.append(tr("_Keyboard Shortcuts"), action: "app.shortcuts")
        help.append(tr("_About Tessera"), action: "app.about")
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
        let clear = Action(name: "clear-saved-data")
        clear.onActivate { [weak self] _ in self?.askToClearSavedData() }
        let preferences = Action(name: "preferences")
        preferences.onActivate { [weak self] _ in self?.showPreferences() }
        actions = [appearanceAction, shortcuts, about, quit, clear, preferences]
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

    /// The Preferences window while it is open.
    private(set) var preferencesWindow: PreferencesWindow?

    /// Opens Preferences over the window, as the saved settings and this launch's `--service`
    /// have it; a second call presents the one open.
    public func showPreferences() {
        if let preferencesWindow { return preferencesWindow.present() }
        let made = PreferencesWindow(parent: mainWindow?.window, addresses: ServiceAddresses(settings: settings),
                                     given: options.givenServices)
        made.onApply = { [weak self] addresses in self?.useServices(addresses) }
        made.window.onCloseRequest { [weak self, weak made] in
            made?.window.hide()
            // Let go of it after the close's signal, not inside it.
            DispatchQueue.main.async { if self?.preferencesWindow === made { self?.preferencesWindow = nil } }
            return true
        }
        preferencesWindow = made
        made.present()
    }

    /// Uses and saves the Preferences window's addresses: each section whose service moved loads
    /// again from the new address, with what it saved from the old one deleted; the command
    /// line's `--service` still holds for this launch.
    func useServices(_ addresses: ServiceAddresses) {
        let backend = services.backend
        let before = backend.expected
        backend.use(addresses.overrides.merging(options.givenServices) { _, given in given })
        let after = backend.expected
        settings = addresses.saved(in: settings)
        saveSettings()
        let moved = Backend.Service.allCases.filter { before.baseURL(for: $0) != after.baseURL(for: $0) }
        logger.info("services moved: \(moved.map(\.rawValue))")
        Task { [weak self] in
            for service in moved {
                guard let self, let section = service.section else { continue }
                if section == .people {
                    self.services.peopleModelIfMade?.retryFailedAvatars()
                    continue
                }
                do {
                    try await self.services.makers.forgetSaved(section)
                } catch {
                    self.logger.warning("\(section.rawValue): what was saved from the old address could not be deleted: \(error)")
                }
                self.mainWindow?.reload(section)
            }
        }
    }

    public func showShortcuts() {
        if shortcutsWindow == nil {
            shortcutsWindow = ShortcutsWindow(parent: mainWindow?.window, groups: Shortcuts.groups)
        }
        shortcutsWindow?.showAll()
        shortcutsWindow?.present()
    }

    /// The question before "Clear Saved Data": what goes and what stays.
    private(set) var clearDialog: MessageDialog?

    /// Asks, then deletes what was saved for offline use; the gallery, the people and the user's
    /// own messages stay. A failure is told in words.
    public func askToClearSavedData() {
        clearDialog?.hide()
        let dialog = MessageDialog(parent: mainWindow?.window, kind: .question, text: tr("Clear saved data?"),
                                   secondaryText: tr("The facts feed, the chat's messages from the server and the images kept for when the network is gone are deleted. Your gallery, the people and your own messages stay."))
        dialog.addButton(tr("_Cancel"), response: Dialog.cancel)
        dialog.addButton(tr("C_lear"), response: 1, isDefault: false, style: "destructive-action")
        dialog.onResponse { [weak self] response in
            guard let self else { return }
            self.clearDialog?.hide()
            self.clearDialog = nil
            guard response == 1 else { return }
            Task { [weak self] in
                guard let self else { return }
                do {
                    try await self.services.makers.clearSavedData()
                    self.logger.info("saved data cleared")
                } catch {
                    let failure = MessageDialog(parent: self.mainWindow?.window, kind: .error, text: tr("The saved data could not be cleared"),
                                                secondaryText: "\(error)")
                    failure.addButton(tr("_OK"), response: 0, isDefault: true)
                    failure.onResponse { [weak failure] _ in failure?.hide() }
                    self.clearFailure = failure
                    failure.present()
                }
            }
        }
        clearDialog = dialog
        dialog.present()
    }

    private var clearFailure: MessageDialog?

    public func showAbout() {
        if aboutDialog == nil {
            aboutDialog = AboutDialog(parent: mainWindow?.window, info: .init(
                name: "Tessera", version: Self.version,
                comments: tr("Five classic mobile app flows, done right on the Linux desktop."),
                website: "https://tessera.dev", iconName: Self.applicationID, author: tr("The Tessera developers")))
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

    /// The People view-model lives as long as the app: the first launch stores the people at
    /// start-up, and downloads go on whichever section is shown.
    public var peopleModel: PeopleViewModel { services.peopleModel }
    private lazy var welcome = PeopleWelcome(model: services.peopleModel, enabled: options.greetsNewUsers && !isAutomated) {
        [weak self] in self?.mainWindow?.window
    }
    public var welcomeText: String? { welcome.text }

    private func coordinator(for section: Section) -> SectionCoordinator {
        let made: SectionCoordinator = switch section {
        case .gallery: GalleryCoordinator(services: services)
        case .feed: FeedCoordinator(services: services)
        case .people: PeopleCoordinator(services: services)
        case .messages: MessagesCoordinator(services: services)
        case .facts: FactsCoordinator(services: services)
        }
        if !isAutomated { made.detailToReopen = settings.openDetails[section.rawValue] }
        return made
    }

    /// The window's first frame is its chrome; the first section's page is built as soon as that
    /// frame is drawn, and is drawn in the next one. Should no frame come (a window drawn late), the
    /// page is built after `pageDeadline` all the same.
    private func showFirstPageAfterFirstFrame(of main: MainWindow) {
        main.window.onNextDraw { [weak main] in
            // After this frame's drawing, not inside it.
            DispatchQueue.main.async { main?.showInitialSection() }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.pageDeadline) { [weak main] in main?.showInitialSection() }
    }

    /// How long the first page waits for the window's first frame at most.
    static let pageDeadline: DispatchTimeInterval = .milliseconds(250)

    /// The built-in backend starts once the window is on screen, not before. If it cannot start,
    /// the window says why above every section.
    private func startBackendAfterFirstFrame(of main: MainWindow) {
        guard let backend = options.backend else { return }
        main.window.onNextDraw { [weak main] in
            backend.prepare()
            Task { @MainActor in
                guard let problem = await backend.problem() else { return }
                main?.backendNotice.show(problem)
            }
        }
    }

    // MARK: Automation (benchmarks, screenshots)

    /// Prints the milestones, the resident memory and the time of the first frame, then that of the
    /// first frame with the section's page ("page-drawn-ns"), and quits.
    private func reportFirstFrame(of main: MainWindow) {
        func now() -> Int64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
        }
        main.window.onNextDraw { [weak self, weak main] in
            let first = now()
            let report = StartupTrace.report + StartupTrace.residentMemoryLine + "first-frame-ns \(first)\n"
            main?.window.addTickCallback { [weak self, weak main] _ in
                guard let self, let main else { return false }
                guard main.showsInitialSection else { return true }
                main.window.onNextDraw { [weak self] in
                    FileHandle.standardOutput.write(Data((report + "page-drawn-ns \(now())\n").utf8))
                    self?.application.quit()
                }
                main.window.queueDraw()
                return false
            }
        }
    }

    /// Before each frame, asks whether the section's page shows its content in view; once it does,
    /// prints the time that frame was drawn and quits. Gives up after a minute (exit status 1).
    private func reportContentDrawn(of section: Section, in main: MainWindow) {
        let deadline = ContinuousClock.now + .seconds(60)
        main.window.addTickCallback { [weak self, weak main] _ in
            guard let self, let main else { return false }
            let page = main.coordinator(for: section).pages.first as? any ContentShowingPage
            if page?.showsContentInView == true {
                main.window.onNextDraw { [weak self] in
                    var now = timespec()
                    clock_gettime(CLOCK_MONOTONIC, &now)
                    let line = "content-drawn-ns \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))\n"
                    FileHandle.standardOutput.write(Data(line.utf8))
                    self?.application.quit()
                }
                // A page that has settled draws nothing more by itself: the frame is asked for.
                main.window.queueDraw()
                return false
            }
            if ContinuousClock.now > deadline {
                self.logger.error("\(section.title) never showed its content")
                self.exitStatus = 1
                self.application.quit()
                return false
            }
            return true
        }
    }

    private func takeScreenshots(of main: MainWindow, into directory: URL) {
        let runner = ScreenshotRunner(window: main, appearance: appearance!, directory: directory, logger: logger)
        runner.windows = [(name: "preferences", open: { [weak self] in
            self?.showPreferences()
            return self?.preferencesWindow?.window
        }, close: { [weak self] in self?.preferencesWindow?.window.close() })]
        screenshotTask = Task { @MainActor [weak self] in
            let ok = await runner.run()
            self?.exitStatus = ok ? 0 : 1
            self?.application.quit()
        }
    }
}
