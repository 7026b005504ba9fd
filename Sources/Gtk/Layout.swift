import CGtk

/// Children at explicit positions (the gallery's mosaic computes them).
@MainActor
public final class Fixed: Container {
    public init() { super.init(taking: UnsafeMutableRawPointer(gtk_fixed_new())) }
    /// With `ownWindow`, the container has a GdkWindow of its own and receives the pointer events
    /// of windowless children (which cannot receive them in GTK 3). Grids of many children use it
    /// so their children need no windows: GTK moves every child window in each layout, which costs
    /// milliseconds once there are dozens.
    public convenience init(ownWindow: Bool) {
        self.init()
        gtk_widget_set_has_window(widget, ownWindow ? 1 : 0)
    }
    public func put(_ child: Widget, x: Int, y: Int) { gtk_fixed_put(raw.cast(), child.widget, gint(x), gint(y)) }
    public func move(_ child: Widget, x: Int, y: Int) { gtk_fixed_move(raw.cast(), child.widget, gint(x), gint(y)) }
}

/// A main child with others layered on top (a delete button over a picture).
@MainActor
public final class Overlay: Container {
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(gtk_overlay_new()))
        add(child)
    }
    public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(raw.cast(), child.widget) }
}

extension Widget {
    /// Calls `body` before every frame with the frame time in microseconds, until it returns
    /// false. The frame clock drives it, so it runs once per displayed frame.
    @discardableResult
    public func addTickCallback(_ body: @escaping @MainActor (Int64) -> Bool) -> UInt32 {
        let box = SignalBox { clock in
            body(Int64(gdk_frame_clock_get_frame_time(OpaquePointer(clock))))
        }
        return UInt32(gtk_widget_add_tick_callback(widget, tickTrampoline, Unmanaged.passRetained(box).toOpaque(),
                                                   tickBoxRelease))
    }

    public func removeTickCallback(_ id: UInt32) { gtk_widget_remove_tick_callback(widget, guint(id)) }

    /// The width and height GTK allocated.
    public var allocatedSize: (width: Int, height: Int) {
        (Int(gtk_widget_get_allocated_width(widget)), Int(gtk_widget_get_allocated_height(widget)))
    }
}

private let tickTrampoline: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = { _, clock, data in
    Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(UnsafeMutableRawPointer(clock)) ? 1 : 0
}
private let tickBoxRelease: @convention(c) (gpointer?) -> Void = { data in
    Unmanaged<SignalBox>.fromOpaque(data!).release()
}

/// A text entry.
@MainActor
public final class Entry: Widget {
    public init(placeholder: String = "") {
        super.init(taking: UnsafeMutableRawPointer(gtk_entry_new()))
        gtk_entry_set_placeholder_text(raw.cast(), placeholder)
        gtk_entry_set_activates_default(raw.cast(), 1)
    }
    public var text: String {
        get { String(cString: gtk_entry_get_text(raw.cast())) }
        set { gtk_entry_set_text(raw.cast(), newValue) }
    }
    @discardableResult
    public func onChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", shape: .plain) { _ in body(); return false }
    }
    /// Called when the user presses Enter in the entry.
    @discardableResult
    public func onActivate(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", shape: .plain) { _ in body(); return false }
    }
}

/// A dialog with a content area of our own and response buttons.
@MainActor
open class Dialog: Window {
    /// Responses of GTK's own: closing the dialog with Escape or its close button answers `cancel`
    /// or `deleteEvent`.
    public static let cancel = Int(GTK_RESPONSE_CANCEL.rawValue)
    public static let deleteEvent = Int(GTK_RESPONSE_DELETE_EVENT.rawValue)

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
