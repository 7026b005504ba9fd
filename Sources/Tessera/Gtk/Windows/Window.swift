import CGtk

/// A toplevel; releasing the wrapper destroys it, as GTK holds its own reference.
@MainActor
open class Window: Container {
    var window: UnsafeMutablePointer<GtkWindow> { raw.cast() }

    public convenience init() {
        self.init(taking: UnsafeMutableRawPointer(gtk_window_new(GTK_WINDOW_TOPLEVEL)))
    }

    override init(taking raw: UnsafeMutableRawPointer) { super.init(taking: raw) }

    override func willRelease() { gtk_widget_destroy(widget) }

    public var title: String? {
        get { gtk_window_get_title(window).map { String(cString: $0) } }
        set { gtk_window_set_title(window, newValue) }
    }
    public func setDefaultSize(width: Int, height: Int) {
        gtk_window_set_default_size(window, gint(width), gint(height))
    }
    /// The size of the window's content as GTK reports it (excluding client-side shadows).
    public var size: (width: Int, height: Int) {
        var width: gint = 0, height: gint = 0
        gtk_window_get_size(window, &width, &height)
        return (Int(width), Int(height))
    }
    public func resize(width: Int, height: Int) { gtk_window_resize(window, gint(width), gint(height)) }
    public var isMaximized: Bool { gtk_window_is_maximized(window) != 0 }

    /// How the window sits on the screen, from its window state.
    public enum Placement: Sendable, Equatable {
        case normal, maximized, fullscreen
        /// Snapped to a side or a corner by the desktop.
        case tiled
    }

    public var placement: Placement {
        guard let surface = gtk_widget_get_window(widget) else { return .normal }
        let state = gdk_window_get_state(surface).rawValue
        let tiled = GDK_WINDOW_STATE_TILED.rawValue | GDK_WINDOW_STATE_TOP_TILED.rawValue | GDK_WINDOW_STATE_RIGHT_TILED.rawValue
            | GDK_WINDOW_STATE_BOTTOM_TILED.rawValue | GDK_WINDOW_STATE_LEFT_TILED.rawValue
        if state & GDK_WINDOW_STATE_FULLSCREEN.rawValue != 0 { return .fullscreen }
        if state & GDK_WINDOW_STATE_MAXIMIZED.rawValue != 0 { return .maximized }
        if state & tiled != 0 { return .tiled }
        return .normal
    }
    public func maximize() { gtk_window_maximize(window) }
    public func unmaximize() { gtk_window_unmaximize(window) }
    public func present() { gtk_window_present(window) }
    public func close() { gtk_window_close(window) }
    public var isActive: Bool { gtk_window_is_active(window) != 0 }
    public func setTitlebar(_ bar: Widget) { gtk_window_set_titlebar(window, bar.widget) }
    public func setTransient(for parent: Window?) { gtk_window_set_transient_for(window, parent?.window) }
    public var isModal: Bool {
        get { gtk_window_get_modal(window) != 0 }
        set { gtk_window_set_modal(window, newValue ? 1 : 0) }
    }
    /// The widget that has keyboard focus inside the window, as its accessible name, for tests and logs.
    public var focusedAccessibleName: String? {
        guard let focus = gtk_window_get_focus(window) else { return nil }
        return atk_object_get_name(gtk_widget_get_accessible(focus)).map { String(cString: $0) }
    }

    /// `body` with `isInWindowOutOfSight` (minimized or withdrawn) each time it changes.
    @discardableResult
    public func onOutOfSightChange(_ body: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        let hiding = GDK_WINDOW_STATE_ICONIFIED.rawValue | GDK_WINDOW_STATE_WITHDRAWN.rawValue
        return connect("window-state-event", shape: .pointerReturningBool) { pointer in
            let event: UnsafeMutablePointer<GdkEventWindowState> = pointer!.cast()
            if event.pointee.changed_mask.rawValue & hiding != 0 {
                body(event.pointee.new_window_state.rawValue & hiding != 0)
            }
            return false
        }
    }

    /// The close request; return true to keep the window open.
    @discardableResult
    public func onCloseRequest(_ body: @escaping @MainActor () -> Bool) -> SignalConnection {
        connect("delete-event", shape: .pointerReturningBool) { _ in body() }
    }
    /// Adds an action to the window's action group, reachable as "win.<name>".
    public func addAction(_ action: Action) {
        g_action_map_add_action(OpaquePointer(raw), OpaquePointer(action.raw))
    }
}
