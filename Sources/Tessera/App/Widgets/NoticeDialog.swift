import Gtk
import Localization

/// Shows a view-model's notice as one modal dialog at a time, closed at once by any answer; the notice answered
/// is remembered until another is published, so it does not come back.
@MainActor
final class NoticeDialog<Notice: Equatable> {
    /// What the dialog says and which buttons it has, for one notice.
    struct Content {
        struct Choice {
            var label: String
            var response: Int
            var isDefault = false
            var style: String?
        }
        var kind: MessageDialog.Kind
        var text: String
        var secondaryText: String?
        var choices: [Choice]

        /// A message with a single OK.
        static func message(_ kind: MessageDialog.Kind, _ text: String, secondaryText: String? = nil) -> Content {
            Content(kind: kind, text: text, secondaryText: secondaryText,
                    choices: [Choice(label: tr("_OK"), response: NoticeDialog.ok, isDefault: true)])
        }
    }

    /// The response of a message's OK, and of a question's affirmative button.
    nonisolated static var ok: Int { 1 }

    /// The dialog on screen, if any.
    private(set) var dialog: MessageDialog?
    /// Called with the notice and the response (`Dialog.cancel` or `Dialog.deleteEvent` for
    /// Escape and the close button), after the dialog has closed.
    var onAnswer: ((Notice, Int) -> Void)?
    private var current: Notice?
    private let window: () -> Window?
    private let content: (Notice) -> Content

    init(window: @escaping @MainActor () -> Window?, content: @escaping @MainActor (Notice) -> Content) {
        self.window = window
        self.content = content
    }

    /// Shows `notice` (nil: none), replacing a different one on screen.
    func show(_ notice: Notice?) {
        guard notice != current else { return }
        current = notice
        close()
        guard let notice else { return }
        let content = content(notice)
        let made = MessageDialog(parent: window(), kind: content.kind, text: content.text,
                                 secondaryText: content.secondaryText)
        for choice in content.choices {
            made.addButton(choice.label, response: choice.response, isDefault: choice.isDefault, style: choice.style)
        }
        made.onResponse { [weak self, weak made] response in
            // `made` stays alive to the end of this handler even when closing drops the last
            // other reference; GTK destroys the dialog then.
            guard let self, let made, self.dialog === made else { return }
            self.close()
            self.onAnswer?(notice, response)
        }
        dialog = made
        made.present()
    }

    /// Takes the dialog off the screen; releasing the wrapper destroys it.
    private func close() {
        dialog?.hide()
        dialog = nil
    }
}
