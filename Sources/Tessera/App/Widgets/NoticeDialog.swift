import Gtk
import Localization

/// A view-model's notice as one modal dialog, closed by any answer and not shown again for the same notice.
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
        var heading: String
        var body: String
        var choices: [Choice]

        /// A message with a single OK.
        static func message(_ kind: MessageDialog.Kind, _ heading: String, _ body: String) -> Content {
            Content(kind: kind, heading: heading, body: body,
                    choices: [Choice(label: tr("_OK"), response: NoticeDialog.ok, isDefault: true)])
        }
    }

    /// The response of a message's OK, and of a question's affirmative button.
    nonisolated static var ok: Int { 1 }

    /// The dialog on screen, if any.
    private(set) var dialog: MessageDialog?
    /// Gets the notice and response (cancel or delete-event for Escape and close) after closing.
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
        let made = MessageDialog(parent: window(), kind: content.kind, heading: content.heading, body: content.body)
        for choice in content.choices {
            made.addButton(choice.label, response: choice.response, isDefault: choice.isDefault, style: choice.style)
        }
        made.onResponse { [weak self, weak made] response in
            // `made` outlives closing to the end of this handler; GTK destroys the dialog then.
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
