// Runs in the UI tests' process: never linked into the app.

import CGtk
@_spi(SimulatedInput) import Gtk

/// A window that lays out but draws nothing until let go, as a slow machine's late first frame.
@MainActor
public enum HeldDrawing {
    public static func hold(_ window: Window) { // a realized window
        if let surface = gtk_widget_get_window(window.gtkWidget) { gdk_window_freeze_updates(surface) }
    }

    public static func letGo(_ window: Window) {
        if let surface = gtk_widget_get_window(window.gtkWidget) { gdk_window_thaw_updates(surface) }
    }
}
