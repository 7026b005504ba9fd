import Gtk
import Localization

/// A failed first load: a status page saying why, with Retry.
@MainActor
final class RetryPlaceholder {
    let widget: Widget
    let status: StatusPage
    let retry = Button(label: tr("Retry"))

    init(iconName: String = "network-error-symbolic", title: String, between extra: Widget? = nil) {
        status = StatusPage(iconName: iconName, title: title, description: "")
        let box = Box(.vertical, spacing: 12)
        box.halign = .center
        if let extra { box.append(extra) }
        retry.halign = .center
        retry.addStyleClass("suggested-action")
        box.append(retry)
        status.view.setChild(box)
        widget = status.widget
    }

    /// The reason under the title.
    var reason: String {
        get { status.view.details }
        set { status.view.details = newValue.preview }
    }
}
