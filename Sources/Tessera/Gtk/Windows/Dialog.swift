import CGtk

/// A dialog with a content area of our own and response buttons.
@MainActor
open class Dialog: Window {
    /// Escape or the close button answer `cancel` or `deleteEvent`.
    public static let cancel = Int(GTK_RESPONSE_CANCEL.rawValue)
    public static let deleteEvent = Int(GTK_RESPONSE_DELETE_EVENT.rawValue)
    /// What a chooser's own accepting button answers.
    public static let accept = Int(GTK_RESPONSE_OK.rawValue)

    public convenience init(parent: Window?, title: String) {
        self.init(taking: UnsafeMutableRawPointer(gtk_dialog_new()))
        self.title = title
        setTransient(for: parent)
        isModal = true
        gtk_window_set_destroy_with_parent(window, 1)
    }

    override init(taking raw: UnsafeMutableRawPointer) { super.init(taking: raw) }
    /// Adds `child` to the dialog's content area.
    public func addContent(_ child: Widget) {
        gtk_container_add(OpaquePointer(gtk_dialog_get_content_area(raw.cast())).cast(), child.widget)
    }
    public func addButton(_ label: String, response: Int, isDefault: Bool = false, style: String? = nil) {
        let button = gtk_dialog_add_button(raw.cast(), label, gint(response))
        if let style, let button { gtk_style_context_add_class(gtk_widget_get_style_context(button), style) }
        if isDefault { gtk_dialog_set_default_response(raw.cast(), gint(response)) }
    }
    public func setResponseSensitive(_ response: Int, _ sensitive: Bool) {
        gtk_dialog_set_response_sensitive(raw.cast(), gint(response), sensitive ? 1 : 0)
    }
    public func isResponseSensitive(_ response: Int) -> Bool {
        guard let button = gtk_dialog_get_widget_for_response(raw.cast(), gint(response)) else { return false }
        return gtk_widget_get_sensitive(button) != 0
    }
    @discardableResult
    public func onResponse(_ body: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        connect("response", shape: .pointer) { response in
            body(Int(Int32(truncatingIfNeeded: Int(bitPattern: response))))
            return false
        }
    }
    public func respond(_ response: Int) { gtk_dialog_response(raw.cast(), gint(response)) }
    /// The button that answers `response`, to click it as a person would.
    public func button(for response: Int) -> Widget? {
        gtk_dialog_get_widget_for_response(raw.cast(), gint(response)).map { Widget(taking: UnsafeMutableRawPointer($0)) }
    }
}
