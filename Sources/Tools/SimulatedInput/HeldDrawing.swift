import CGtk
@_spi(SimulatedInput) import Gtk

/// A window that lays out but draws nothing until let go: what a slow machine's late first frame looks like.
@MainActor
public enum HeldDrawing {
    /// Stops `window`'s drawing (it must be realized); `letGo` draws again.
    public static func hold(_ window: Window) {
        if let surface = gtk_widget_get_window(window.gtkWidget) { gdk_window_freeze_updates(surface) }
    }

    public static func letGo(_ window: Window) {
        if let surface = gtk_widget_get_window(window.gtkWidget) { gdk_window_thaw_updates(surface) }
    }
}
