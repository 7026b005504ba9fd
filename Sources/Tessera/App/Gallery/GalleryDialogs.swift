import Features
import Gtk
import Localization

/// The gallery's dialogs, worded by the view-model.
@MainActor
final class GalleryDialogs {
    var onDeleteAnswer: ((Bool) -> Void)?
    var onDismiss: (() -> Void)?
    /// View in the selection notice: the selected item opens in the viewer.
    var onView: ((_ uuid: String) -> Void)?
    /// Returns an error to show under the entry, or nil when the link was accepted.
    var onLink: ((String) -> String?)?

    private(set) var addDialog: Dialog?
    /// The delete confirmation, the selection message and errors.
    private let notices: NoticeDialog<GalleryViewModel.Notice>
    var messageDialog: MessageDialog? { notices.dialog }
    /// What was wrong with the document as it was read.
    private(set) var problemsDialog: MessageDialog?
    private(set) var linkEntry: Entry?
    private(set) var linkError: Label?
    private let window: () -> Window?
    private static let ok = 2
    /// The selection notice's View.
    static let view = 3

    init(window: @escaping @MainActor () -> Window?) {
        self.window = window
        notices = NoticeDialog(window: window, content: Self.content(of:))
        notices.onAnswer = { [weak self] notice, response in
            switch notice {
            case .confirmDelete, .confirmDeleteSelection:
                self?.onDeleteAnswer?(response == NoticeDialog<GalleryViewModel.Notice>.ok)
            default:
                self?.onDismiss?()
                if case .selected(let uuid) = notice, response == Self.view { self?.onView?(uuid) }
            }
        }
    }

    func askForLink() {
        let dialog = Dialog(parent: window(), title: tr("Add Item"))
        let box = Box(.vertical, spacing: 8)
        box.setMargins(18)
        let prompt = Label(tr("Paste a link to an image (http or https)."))
        prompt.xalign = 0
        let entry = Entry(placeholder: "https://…")
        entry.accessibleName = tr("Image link")
        let error = Label("")
        error.xalign = 0
        error.addStyleClass("error")
        error.wraps = true
        [prompt, entry, error].forEach { box.append($0) }
        dialog.addContent(box)
        dialog.addButton(tr("_Cancel"), response: Dialog.cancel)
        dialog.addButton(tr("_OK"), response: Self.ok, isDefault: true, style: "suggested-action")
        dialog.setResponseSensitive(Self.ok, false)
        entry.onChanged { [weak dialog, weak entry, weak error] in
            guard let dialog, let entry else { return }
            error?.text = ""
            dialog.setResponseSensitive(Self.ok, !entry.text.trimmingCharacters(in: .whitespaces).isEmpty)
        }
        dialog.onResponse { [weak self, weak dialog, weak entry, weak error] response in
            guard let self, let dialog else { return }
            if response == Self.ok, let entry {
                if let problem = self.onLink?(entry.text) {
                    error?.text = problem
                    entry.grabFocus()
                    return
                }
            }
            dialog.hide()
            self.addDialog = nil
        }
        box.showAll()
        addDialog = dialog
        linkEntry = entry
        linkError = error
        dialog.present()
    }

    func show(_ notice: GalleryViewModel.Notice?) { notices.show(notice) }

    private static func content(of notice: GalleryViewModel.Notice) -> NoticeDialog<GalleryViewModel.Notice>.Content {
        switch notice {
        case .confirmDeleteSelection:
            NoticeDialog.Content(kind: .question, heading: notice.heading, body: notice.body, choices: [
                .init(label: tr("_Cancel"), response: Dialog.cancel),
                .init(label: tr("_Delete"), response: NoticeDialog<GalleryViewModel.Notice>.ok, isDefault: true,
                      style: "destructive-action"),
            ])
        case .confirmDelete:
            NoticeDialog.Content(kind: .question, heading: notice.heading, body: notice.body, choices: [
                .init(label: tr("_Cancel"), response: Dialog.cancel),
                .init(label: tr("_Yes"), response: NoticeDialog<GalleryViewModel.Notice>.ok, isDefault: true,
                      style: "destructive-action"),
            ])
        case .selected:
            // The seed's notice, with View beside its OK.
            NoticeDialog.Content(kind: .info, heading: notice.heading, body: notice.body, choices: [
                .init(label: tr("_View"), response: Self.view),
                .init(label: tr("_OK"), response: NoticeDialog<GalleryViewModel.Notice>.ok, isDefault: true),
            ])
        case .error: .message(.error, notice.heading, notice.body)
        }
    }

    func showProblems(_ problems: [String]) {
        let dialog = MessageDialog(parent: window(), kind: .warning, heading: tr("Some items in the gallery need attention"),
                                   body: problems.joined(separator: "\n"))
        dialog.addButton(tr("_OK"), response: Self.ok, isDefault: true)
        dialog.onResponse { [weak self, weak dialog] _ in
            dialog?.hide()
            if self?.problemsDialog === dialog { self?.problemsDialog = nil }
        }
        problemsDialog = dialog
        dialog.present()
    }
}
