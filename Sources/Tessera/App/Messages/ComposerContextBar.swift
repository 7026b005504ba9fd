import Foundation
import Gtk
import Localization

/// Above the composer while it corrects or answers a message: which, and a button to give it up.
@MainActor
final class ComposerContextBar {
    let widget: Revealer
    let label = Label()
    let cancel = Button(iconName: "window-close-symbolic", accessibleName: tr("Cancel"))

    init() {
        label.xalign = 0
        label.ellipsize()
        label.addStyleClass("dim-label")
        let box = Box(.horizontal, spacing: 6)
        box.addStyleClass("messages-composer-context")
        box.setMargins(top: 6, bottom: 0, start: 12, end: 8)
        box.append(label, expand: true)
        box.append(cancel)
        widget = Revealer(child: box, transition: .slideUp, duration: 150)
        box.showAll()
    }

    var isShown: Bool { widget.revealsChild }

    /// Shows the bar saying `text`; the button is named for what it gives up.
    func show(_ text: String, cancelName: String) {
        label.text = text
        cancel.accessibleName = cancelName
        widget.revealsChild = true
    }

    func hide() {
        widget.revealsChild = false
    }
}
