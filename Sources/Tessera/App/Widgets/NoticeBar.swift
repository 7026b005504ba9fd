import Domain
import Foundation
import Gtk
import Localization

/// A bar atop a page saying in words what went wrong, with Dismiss or an action; hidden when silent.
@MainActor
final class NoticeBar {
    let widget: Widget
    let label = Label()
    private let icon = Image(iconName: "dialog-warning-symbolic", pixelSize: 16)
    private let bar: Box
    /// Dismiss (an icon), or the action the bar was made with.
    let button: Button
    /// The button was clicked. A dismiss button has hidden the bar already.
    var onClick: (() -> Void)?

    /// - Parameter action: the label of the bar's action ("Retry"); nil: a Dismiss button.
    init(action: String? = nil) {
        bar = Box(.horizontal, spacing: 12)
        bar.addStyleClass("notice-bar")
        label.wraps = true
        label.xalign = 0
        // Selectable by mouse, not a keyboard stop: a focused selectable label selects all of itself.
        label.isSelectable = true
        label.canFocus = false
        if let action {
            button = Button(label: action)
        } else {
            button = Button(iconName: "window-close-symbolic", accessibleName: tr("Dismiss"))
            button.addStyleClass("flat")
        }
        button.valign = .center
        bar.append(icon)
        bar.append(label, expand: true)
        bar.append(button)
        bar.showAll()
        bar.keepsOwnVisibility = true
        bar.isVisible = false
        widget = bar
        let dismisses = action == nil
        button.onClicked { [weak self] in
            if dismisses { self?.show(nil) }
            self?.onClick?()
        }
    }

    private var shown: String?

    private var isQuiet = false

    /// Shows `text` (nil hides), unchanged text doing nothing; `quiet` is a state such as offline.
    func show(_ text: String?, quiet: Bool = false) {
        // Anything but the offline notice: the server was reached, or the page has other news.
        if !quiet { comingBack?.stop() }
        // A reason can carry a server's words, of any length; a path in it stays whole to copy.
        let text = text.map { TextPreview.of($0, breaksLongRuns: false) }
        if quiet != isQuiet {
            isQuiet = quiet
            if quiet { bar.addStyleClass("quiet") } else { bar.removeStyleClass("quiet") }
            icon.setIconName(quiet ? "network-offline-symbolic" : "dialog-warning-symbolic")
        }
        guard text != shown || widget.isVisible != (text != nil) else { return }
        shown = text
        label.text = text ?? ""
        label.accessibleName = text ?? ""
        widget.isVisible = text != nil
    }

    /// Offline, showing what came at `receivedAt`; meanwhile the server's local port is watched too.
    func showOffline(receivedAt: Date) {
        show(tr("Offline. Showing what was saved at {time}.", ["time": Self.savedTime(receivedAt)]), quiet: true)
        comingBack?.wait()
    }

    /// Once: tells `networkChanged` when a remote server's network goes or may be back.
    func followNetwork(server: @escaping @MainActor () async -> URL, networkChanged: @escaping @MainActor (_ available: Bool) -> Void) {
        guard comingBack == nil else { return }
        comingBack = ServerComingBack(server: server, gone: { networkChanged(false) }, back: { networkChanged(true) })
    }

    private var comingBack: ServerComingBack?

    /// "14:02" today, "21 Nov, 14:02" before, in the interface's language (`Localization.locale`).
    static func savedTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Localization.locale
        if Calendar.current.isDateInToday(date) {
            formatter.setLocalizedDateFormatFromTemplate("jm")
        } else {
            formatter.setLocalizedDateFormatFromTemplate("dMMMjm")
        }
        return formatter.string(from: date)
    }

    var isShown: Bool { widget.isVisible }
    var text: String? { widget.isVisible ? label.text : nil }
}
