import CGtk

/// Synthesised input through the window system (XTest under X11), for UI tests and automation:
/// the events go through GTK's whole event path, exactly like a person's key presses and clicks.
@MainActor
public enum InputSimulation {
    /// The GDK keyval for a key name ("Escape", "Left", "1").
    public static func keyval(_ name: String) -> UInt32 { gdk_keyval_from_name(name) }

    /// Presses and releases a key on `widget`'s window.
    @discardableResult
    public static func key(_ name: String, modifiers: Modifiers = [], on widget: Widget) -> Bool {
        gtk_test_widget_send_key(widget.widget, keyval(name), gdkModifiers(modifiers)) != 0
    }

    /// Presses a mouse button (no release) at (x, y) in `window`'s coordinates.
    @discardableResult
    public static func pressButton(_ button: UInt32, x: Int, y: Int, in window: Window) -> Bool {
        guard let gdkWindow = gtk_widget_get_window(window.widget) else { return false }
        return gdk_test_simulate_button(gdkWindow, gint(x), gint(y), button, GdkModifierType(rawValue: 0),
                                        GDK_BUTTON_PRESS) != 0
    }

    private static func gdkModifiers(_ modifiers: Modifiers) -> GdkModifierType {
        var raw: UInt32 = 0
        if modifiers.contains(.shift) { raw |= GDK_SHIFT_MASK.rawValue }
        if modifiers.contains(.control) { raw |= GDK_CONTROL_MASK.rawValue }
        if modifiers.contains(.alt) { raw |= GDK_MOD1_MASK.rawValue }
        return GdkModifierType(rawValue: raw)
    }
}
