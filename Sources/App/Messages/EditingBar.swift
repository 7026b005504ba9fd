import Foundation
import Gtk
import Localization

/// Above the composer while it corrects one of the user's messages: says so, with a button that
/// gives up the correction (as Escape does).
@MainActor
final class EditingBar {
    let widget: Revealer
    let label = Label(tr("Editing your message"))
    let cancel = Button(iconName: "window-close-symbolic", accessibleName: tr("Cancel Editing"))

    init() {
        label.xalign = 0
        label.addStyleClass("dim-label")
        let box = Box(.horizontal, spacing: 6)
        box.addStyleClass("messages-editing")
        box.setMargins(top: 6, bottom: 0, start: 12, end: 8)
        box.append(label, expand: true)
        box.append(cancel)
        widget = Revealer(child: box, transition: .slideUp, duration: 150)
        box.showAll()
    }

    var isShown: Bool {
        get { widget.revealsChild }
        set { widget.revealsChild = newValue }
    }
}
