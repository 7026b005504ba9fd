import Gtk

/// A bar across the top of a page that says in words what went wrong with something the user
/// did (a failed save, a failed delete), with a button to dismiss it. Hidden while there is
/// nothing to say. The page's content stays usable under it.
@MainActor
final class NoticeBar {
    let widget: Widget
    let label = Label()
    let dismiss = Button(iconName: "window-close-symbolic", accessibleName: "Dismiss")
    /// The dismiss button was clicked (the bar is already hidden).
    var onDismiss: (() -> Void)?

    init() {
        let bar = Box(.horizontal, spacing: 12)
        bar.addStyleClass("notice-bar")
        label.wraps = true
        label.xalign = 0
        // Selectable with the mouse (a path in it can be copied), but not a keyboard stop: a
        // selectable label that takes the focus selects all of itself, and the bar is often the
        // first thing on its page.
        label.isSelectable = true
        label.canFocus = false
        bar.append(Image(iconName: "dialog-warning-symbolic", pixelSize: 16))
        bar.append(label, expand: true)
        bar.append(dismiss)
        dismiss.addStyleClass("flat")
        dismiss.valign = .center
        bar.showAll()
        bar.keepsOwnVisibility = true
        bar.isVisible = false
        widget = bar
        dismiss.onClicked { [weak self] in
            self?.show(nil)
            self?.onDismiss?()
        }
    }

    private var shown: String?

    /// Shows `text`, or hides the bar for nil. Pages call it on every update: the same text again
    /// changes nothing (no new layout).
    func show(_ text: String?) {
        guard text != shown || widget.isVisible != (text != nil) else { return }
        shown = text
        label.text = text ?? ""
        label.accessibleName = text ?? ""
        widget.isVisible = text != nil
    }

    var isShown: Bool { widget.isVisible }
    var text: String? { widget.isVisible ? label.text : nil }
}
