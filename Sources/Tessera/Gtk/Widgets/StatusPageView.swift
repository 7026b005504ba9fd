import CGtk
import CHandy

/// HdyStatusPage: icon, title, description and a child below. ATK lists none of its internal labels,
/// so the page itself carries the title and description for screen readers.
@MainActor
public final class StatusPageView: Widget {
    public init(iconName: String, title: String, description: String) {
        super.init(taking: UnsafeMutableRawPointer(hdy_status_page_new()))
        hdy_status_page_set_icon_name(page, iconName)
        self.title = title
        self.details = description
    }

    public var title: String {
        get { hdy_status_page_get_title(page).map { String(cString: $0) } ?? "" }
        set {
            hdy_status_page_set_title(page, newValue)
            accessibleName = newValue
        }
    }

    /// The description under the title (no description shows when empty).
    public var details: String {
        get { hdy_status_page_get_description(page).map { String(cString: $0) } ?? "" }
        set {
            hdy_status_page_set_description(page, newValue.isEmpty ? nil : newValue)
            accessibleDescription = newValue
        }
    }

    private var page: OpaquePointer { OpaquePointer(raw) }

    /// What shows below the description (buttons, a spinner).
    public func setChild(_ child: Widget) {
        gtk_container_add(raw.cast(), child.raw.cast())
    }
}
