import Domain
import Features
import Foundation
import Gtk
import Logging
import Localization

/// The primary menu, app-wide actions, and reloading after new service addresses.
extension TesseraApp {
    func buildMenuAndActions() {
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
            if let window = self.mainWindow?.window {
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
        let showMessage = Action(name: ChatNotifications.actionName, takesString: true) // a notification's click
        showMessage.onActivate { [weak self] key in
            guard let main = self?.mainWindow else { return }
            main.window.present()
            main.show(.messages)
            (main.coordinator(for: .messages) as? MessagesCoordinator)?.show(messageKey: key ?? "")
        }
        actions = [appearanceAction, shortcuts, about, quit, clear, preferences, showMessage]
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


    /// Uses and saves the Preferences' addresses: each moved section loads anew, its old saved data deleted.
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
}
