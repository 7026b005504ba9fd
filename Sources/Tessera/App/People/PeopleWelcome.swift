import Domain
import Features
import Gtk
import Localization

/// The greeting after the first launch stored the people, whichever section is on screen.
@MainActor
final class PeopleWelcome {
    private(set) var dialog: MessageDialog?
    private let model: PeopleViewModel
    private let window: @MainActor () -> Window?

    /// - Parameter enabled: off where a modal dialog would cover what screenshots or tests check.
    init(model: PeopleViewModel, enabled: Bool, window: @escaping @MainActor () -> Window?) {
        self.model = model
        self.window = window
        guard enabled else { return }
        model.onWelcome = { [weak self] in self?.show() }
    }

    private func show() {
        // The first launch stores the seed's people.
        let stored = Person.seedNames.count
        let dialog = MessageDialog(parent: window(), kind: .info, heading: tr("Welcome to Tessera"), body: ntr(
            "{count} person is now stored on this computer. Their avatars download one at a time as their rows come into view.",
            "{count} people are now stored on this computer. Their avatars download one at a time as their rows come into view.",
            count: stored))
        dialog.addButton(tr("_Start"), response: 1, isDefault: true)
        dialog.onResponse { [weak self] _ in
            self?.dialog?.hide()
            self?.dialog = nil
            self?.model.dismissWelcome()
        }
        self.dialog = dialog
        dialog.present()
    }

    /// The greeting on screen, if any.
    var text: String? { dialog?.isVisible == true ? dialog?.text : nil }
}
