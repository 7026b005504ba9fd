import Gtk
import Localization

/// GNOME's in-window toast with Undo and close; the view-model times the offer.
@MainActor
final class UndoToast {
    let widget: Widget
    let label = Label()
    let undoButton = Button(label: tr("_Undo"))
    let closeButton = Button(iconName: "window-close-symbolic", accessibleName: tr("Dismiss"))
    private let revealer: Revealer
    /// Undo was clicked.
    var onUndo: (() -> Void)?
    /// The close button was clicked.
    var onDismiss: (() -> Void)?

    init() {
        let box = Box(.horizontal, spacing: 12)
        box.addStyleClass("app-notification")
        label.xalign = 0
        closeButton.addStyleClass("flat")
        box.append(label, expand: true)
        box.append(undoButton)
        box.append(closeButton)
        revealer = Revealer(child: box, transition: .slideUp)
        revealer.halign = .center
        revealer.valign = .end
        revealer.setMargins(top: 0, bottom: 18, start: 12, end: 12)
        widget = revealer
        revealer.showAll()
        undoButton.onClicked { [weak self] in self?.onUndo?() }
        closeButton.onClicked { [weak self] in self?.onDismiss?() }
    }

    /// Shows `message`, or hides the toast.
    func show(_ message: String?) {
        if let message = message?.preview, label.text != message { label.text = message }
        if revealer.revealsChild != (message != nil) { revealer.revealsChild = message != nil }
    }

    var isShown: Bool { revealer.revealsChild }
}
