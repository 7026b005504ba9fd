import Domain
import Features
import Foundation
import Gtk
import Logging
import Localization

/// Start-up, first frames, remembering the window, and finishing work before exit.
extension TesseraApp {
    func startup() {
        StartupTrace.mark("gtk-started")
        heapTrimming = HeapTrimming()
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
                                          followPortal: options.followsDesktopAppearance)
        buildMenuAndActions()
    }

    func activate() {
        if let mainWindow {
            // A second launch: the primary instance presents its window.
            mainWindow.window.present()
            return
        }
        let main = MainWindow(application: application, menu: menu,
                              initialSection: options.initialSection ?? settings.lastSection) { [unowned self] section in
            self.coordinator(for: section)
        }
        mainWindow = main
        StartupTrace.mark("window-built")
        main.window.setDefaultSize(width: settings.windowWidth, height: settings.windowHeight)
        if settings.isMaximized { main.window.maximize() }
        trackWindowState(main)
        driver?.prepare(main)
        // Out of sight, nothing ahead of the view is fetched (clips pause and animations stop on their own).
        main.window.onOutOfSightChange { [weak self] outOfSight in self?.services.imagesIfMade?.holdPrefetching(outOfSight) }
        main.window.present()
        StartupTrace.mark("presented")
        showFirstPageAfterFirstFrame(of: main)
        startBackendAfterFirstFrame(of: main)
        countDiskAfterFirstScreen(of: main)
        ChatPolling.makeChatOutOfSight(in: main, after: services.chatPollInterval)
        // The first launch stores the people after the first page's frame, not inside its drawing.
        main.window.onNextDraw { [weak self, weak main] in
            main?.window.onNextDraw { [weak self] in
                DispatchQueue.main.async { [weak self] in
                    guard let self else { return }
                    _ = self.welcome
                    Task { await self.peopleModel.startOnce() }
                }
            }
        }
        driver?.start(self, in: main)
    }

    func shutdown() {
        driver?.stop()
        store.flush()
    }

    func trackWindowState(_ main: MainWindow) {
        main.onSectionChange = { [weak self] section in
            self?.settings.lastSection = section
            self?.saveSettings()
        }
        main.window.onCloseRequest { [weak self, weak main] in
            self?.keepBeforeExit(main)
            self?.finishWorkBeforeExit()
            return false
        }
    }

    /// SIGTERM, SIGINT or SIGHUP end as a closed window does, downloads given `signalGrace`.
    func askedToQuit() {
        if let main = mainWindow { keepBeforeExit(main) }
        finishWorkBeforeExit(downloadsGrace: Self.signalGrace) { [weak self] in self?.application.quit() }
    }

    /// Keeps what each section was typing and the window's settings, however the app ends.
    private func keepBeforeExit(_ main: MainWindow?) {
        main?.coordinators.values.forEach { $0.sectionWillHide() }
        saveSettings()
    }

    /// Two seconds for the downloads under way when the app is asked to end by a signal.
    static let signalGrace: Duration = .seconds(2)

    /// Renames, draft and gallery are finished before exit; downloads and cache writes within `exitGrace`.
    func finishWorkBeforeExit(downloadsGrace: Duration = exitGrace, then finish: (@MainActor () -> Void)? = nil) {
        guard !isFinishingBeforeExit else { return }
        isFinishingBeforeExit = true
        application.hold()
        let finishDownloads = services.makers.finishDownloads, logger = self.logger
        let people = services.peopleModelIfMade, images = services.imagesIfMade, messages = services.messagesModelIfMade
        let gallery = services.galleryModelIfMade
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
                    guard (try? await Task.sleep(for: downloadsGrace)) != nil else { return }
                    logger.warning("avatar downloads or picture writes unfinished at exit")
                })
            await people?.finishRenames()
            await messages?.finishSaving()
            await gallery?.finishSaving()
            self?.isFinishingBeforeExit = false
            self?.application.release()
            finish?()
        }
    }

    /// Saves settings with the window as it is (`AppSettings.remembering`); once hidden, what it kept stands.
    func saveSettings() {
        if let main = mainWindow, main.window.isVisible {
            // A section never shown at this launch keeps what it had open at the last one.
            for (section, coordinator) in main.coordinators {
                settings.openDetails[section.rawValue] = coordinator.openDetailKey ?? coordinator.detailToReopen
            }
            keepPlaces(of: main.coordinators)
        }
        if let window = mainWindow?.window, window.isVisible {
            let placement: AppSettings.WindowPlacement = switch window.placement {
            case .normal: .normal
            case .maximized: .maximized
            case .fullscreen: .fullscreen
            case .tiled: .tiled
            }
            settings = settings.remembering(window: placement, size: window.size)
        }
        // Switched off, nothing of where the person was is written.
        store.save(settings.sanitized().placeToRestore(fresh: false))
    }

    /// The first section's page is built after the chrome's first frame, or after `pageDeadline` if none comes.
    func showFirstPageAfterFirstFrame(of main: MainWindow) {
        main.window.onNextDraw { [weak main] in
            // After this frame's drawing, not inside it.
            DispatchQueue.main.async { main?.showInitialSection() }
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.pageDeadline) { [weak main] in main?.showInitialSection() }
    }

    /// The disk's cap is kept from the first screen's content on (ticks), or `diskCountDeadline` after start.
    func countDiskAfterFirstScreen(of main: MainWindow) {
        let start = { [weak self] in self?.services.disk.startCounting() }
        let deadline = DispatchTime.now() + Self.diskCountDeadline
        main.window.addTickCallback { [weak main] _ in
            guard let main else { return false }
            let page = main.currentCoordinatorIfMade?.pages.first as? any ContentShowingPage
            guard page?.showsContentInView == true || DispatchTime.now() >= deadline else { return true }
            start()
            return false
        }
        DispatchQueue.main.asyncAfter(deadline: deadline) { start() }
    }

    /// The built-in backend starts after the first frame; a failure is said above every section.
    func startBackendAfterFirstFrame(of main: MainWindow) {
        guard let backend = options.backend else { return }
        main.window.onNextDraw { [weak main] in
            backend.prepare()
            Task { @MainActor in
                guard let problem = await backend.problem() else { return }
                main?.backendNotice.show(problem)
            }
        }
    }
}
