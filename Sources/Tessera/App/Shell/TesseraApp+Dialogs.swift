import Domain
import Features
import Foundation
import Gtk
import Logging
import Localization

/// Preferences, shortcuts, the clear-data question and About.
extension TesseraApp {

    /// Opens Preferences, or presents the open one.
    public func showPreferences() {
        // One closed a moment ago is let go after its close signal; a new one opens meanwhile.
        if let preferencesWindow, preferencesWindow.window.isVisible { return preferencesWindow.present() }
        let made = PreferencesWindow(parent: mainWindow?.window, addresses: ServiceAddresses(settings: settings),
                                     given: options.givenServices, savesData: settings.savesData, restoresPlace: settings.restoresPlace,
                                     notifies: settings.notifiesMessages,
                                     downloaded: services.makers.downloadedThisSession, cacheMegabytes: settings.diskCacheMegabytes,
                                     diskUse: { [services] in await services.disk.use() })
        made.storage.onLimit = { [weak self] megabytes in self?.limitCache(megabytes: megabytes) }
        made.storage.onClear = { [weak self, weak made] done in self?.askToClearSavedData(over: made?.window, then: done) }
        made.onApply = { [weak self] addresses in self?.useServices(addresses) }
        made.data.onChange = { [weak self] saves in self?.saveData(saves) }
        made.notifying.onChange = { [weak self] notifies in
            guard let self else { return }
            settings.notifiesMessages = notifies
            saveSettings()
            if !notifies { (mainWindow?.coordinators[.messages] as? MessagesCoordinator)?.notifications?.withdraw() }
        }
        made.restoring.onChange = { [weak self] restores in
            self?.settings.restoresPlace = restores
            self?.saveSettings()
        }
        made.window.onCloseRequest { [weak self, weak made] in
            made?.apply()
            made?.window.hide()
            // Let go of it after the close's signal, not inside it.
            DispatchQueue.main.async { if self?.preferencesWindow === made { self?.preferencesWindow = nil } }
            return true
        }
        preferencesWindow = made
        made.present()
    }

    /// Changes the settings and keeps them (written off the main loop).
    func remember(_ change: (inout AppSettings) -> Void) {
        change(&settings)
        store.save(settings)
    }

    /// Preferences' "Save data" switched: used at once, and remembered.
    func saveData(_ saves: Bool) {
        remember { $0.savesData = saves }
        services.dataSaving.alwaysSaves = saves
    }

    /// Preferences, at Storage: the cache limit focused.
    public func showStorage() {
        showPreferences()
        preferencesWindow?.showStorage()
    }

    /// Preferences' cache limit chosen: kept to at once, and remembered.
    func limitCache(megabytes: Int) {
        remember { $0.diskCacheMegabytes = megabytes }
        services.disk.setCap(megabytes: megabytes)
    }

    public func showShortcuts() {
        if shortcutsWindow == nil {
            shortcutsWindow = ShortcutsWindow(parent: mainWindow?.window, groups: Shortcuts.groups)
        }
        shortcutsWindow?.showAll()
        shortcutsWindow?.present()
    }


    /// Asks, then deletes offline data; failures in words.
    public func askToClearSavedData(over parent: Window? = nil, then done: @escaping @MainActor () -> Void = {}) {
        clearDialog?.hide()
        let dialog = MessageDialog(parent: parent ?? mainWindow?.window, kind: .question, heading: tr("Clear saved data?"),
                                   body: tr("The facts feed, the chat's messages from the server and the images kept for when the network is gone are deleted. Your gallery, the people and your own messages stay."))
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
                    done()
                } catch {
                    let failure = MessageDialog(parent: parent ?? self.mainWindow?.window, kind: .error, heading: tr("The saved data could not be cleared"),
                                                body: "\(error)")
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
}
