import CGtk

extension Widget {
    /// The theme's cursor `name` over the widget's window (nil: the parent's).
    public func setCursor(named name: String?) {
        guard let window = gtk_widget_get_window(widget) else { return }
        guard let name else { return gdk_window_set_cursor(window, nil) }
        let cursor = gdk_cursor_new_from_name(gdk_window_get_display(window), name)
        gdk_window_set_cursor(window, cursor)
        if let cursor { g_object_unref(UnsafeMutableRawPointer(cursor)) }
    }
}
