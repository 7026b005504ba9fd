import Gtk

/// An empty, offline or error state as GNOME shows one: icon, title, description (HdyStatusPage).
@MainActor
public final class StatusPage: Page {
    public let title: String
    public let widget: Widget
    public let view: StatusPageView

    public init(iconName: String, title: String, description: String) {
        self.title = title
        view = StatusPageView(iconName: iconName, title: title, description: description)
        widget = view
    }
}
