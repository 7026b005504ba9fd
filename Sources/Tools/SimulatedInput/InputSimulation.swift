// Runs in the UI tests' process: never linked into the app.

import CGtk
@_spi(SimulatedInput) import Gtk

/// XTest input through GTK's whole event path, for tests and screenshots; never in the app.
@MainActor
public enum InputSimulation {
    /// The X window of `widget`'s toplevel for xdotool; nil without one or off X11.
    public static func xWindowID(of widget: Widget) -> UInt? {
        guard let toplevel = gtk_widget_get_toplevel(widget.gtkWidget) else { return nil }
        let id = tessera_x11_window_id(gtk_widget_get_window(toplevel))
        return id == 0 ? nil : UInt(id)
    }

    /// The GDK keyval for a key name ("Escape", "Left", "1").
    public static func keyval(_ name: String) -> UInt32 { gdk_keyval_from_name(name) }

    /// Presses and releases a key on `widget`'s window.
    @discardableResult
    public static func key(_ name: String, modifiers: Modifiers = [], on widget: Widget) -> Bool {
        guard let gdkWindow = gtk_widget_get_window(widget.gtkWidget) else { return false }
        let code = keyval(name), state = gdkModifiers(modifiers)
        return gdk_test_simulate_key(gdkWindow, -1, -1, code, state, GDK_KEY_PRESS) != 0
            && gdk_test_simulate_key(gdkWindow, -1, -1, code, state, GDK_KEY_RELEASE) != 0
    }

    /// A two-finger pinch made as GDK makes one: Xvfb has no touchpad.
    @discardableResult
    public static func pinch(on widget: Widget, x: Double, y: Double, scales: [Double]) -> Bool {
        guard let window = gtk_widget_get_window(widget.gtkWidget),
              let seat = gdk_display_get_default_seat(gdk_window_get_display(window)), let pointer = gdk_seat_get_pointer(seat) else {
            return false
        }
        func send(_ phase: GdkTouchpadGesturePhase, scale: Double) {
            guard let event = gdk_event_new(GDK_TOUCHPAD_PINCH) else { return }
            event.pointee.touchpad_pinch.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
            event.pointee.touchpad_pinch.phase = gint8(phase.rawValue)
            event.pointee.touchpad_pinch.n_fingers = 2
            event.pointee.touchpad_pinch.time = guint32(g_get_monotonic_time() / 1000)
            event.pointee.touchpad_pinch.x = x
            event.pointee.touchpad_pinch.y = y
            event.pointee.touchpad_pinch.scale = scale
            gdk_event_set_device(event, pointer)
            gdk_event_set_source_device(event, pointer)
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
        send(GDK_TOUCHPAD_GESTURE_PHASE_BEGIN, scale: 1)
        for scale in scales { send(GDK_TOUCHPAD_GESTURE_PHASE_UPDATE, scale: scale) }
        send(GDK_TOUCHPAD_GESTURE_PHASE_END, scale: scales.last ?? 1)
        return true
    }

    /// A key on the window titled `title`; false when there is none.
    @discardableResult
    public static func key(_ name: String, onWindowTitled title: String) -> Bool {
        guard let window = toplevel(titled: title), let gdkWindow = gtk_widget_get_window(window) else { return false }
        let code = keyval(name), none = GdkModifierType(rawValue: 0)
        return gdk_test_simulate_key(gdkWindow, -1, -1, code, none, GDK_KEY_PRESS) != 0
            && gdk_test_simulate_key(gdkWindow, -1, -1, code, none, GDK_KEY_RELEASE) != 0
    }

    /// Types `text` on the window titled `title`, a press and release per character; false when there is none.
    @discardableResult
    public static func type(_ text: String, onWindowTitled title: String) -> Bool {
        guard let window = toplevel(titled: title), let gdkWindow = gtk_widget_get_window(window) else { return false }
        return type(text, on: gdkWindow)
    }

    /// Whether a window titled `title` is on screen.
    public static func toplevelTitled(_ title: String) -> Bool {
        guard let window = toplevel(titled: title) else { return false }
        return gtk_widget_get_mapped(window) != 0
    }

    static func toplevel(titled title: String) -> UnsafeMutablePointer<GtkWidget>? {
        guard let list = gtk_window_list_toplevels() else { return nil }
        defer { g_list_free(list) }
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data {
                let window = data.assumingMemoryBound(to: GtkWindow.self)
                if let name = gtk_window_get_title(window), String(cString: name) == title, gtk_widget_get_visible(data.assumingMemoryBound(to: GtkWidget.self)) != 0 {
                    return data.assumingMemoryBound(to: GtkWidget.self)
                }
            }
            node = current.pointee.next
        }
        return nil
    }

    /// Types `text`, a press and release per character.
    @discardableResult
    public static func type(_ text: String, on widget: Widget) -> Bool {
        guard let gdkWindow = gtk_widget_get_window(widget.gtkWidget) else { return false }
        return type(text, on: gdkWindow)
    }

    private static func type(_ text: String, on gdkWindow: OpaquePointer) -> Bool {
        let none = GdkModifierType(rawValue: 0)
        for scalar in text.unicodeScalars {
            let code = gdk_unicode_to_keyval(scalar.value)
            guard gdk_test_simulate_key(gdkWindow, -1, -1, code, none, GDK_KEY_PRESS) != 0,
                  gdk_test_simulate_key(gdkWindow, -1, -1, code, none, GDK_KEY_RELEASE) != 0 else { return false }
        }
        return true
    }

    /// Presses a mouse button (no release) at (x, y) in `window`'s coordinates.
    @discardableResult
    public static func pressButton(_ button: UInt32, x: Int, y: Int, in window: Window) -> Bool {
        guard let gdkWindow = gtk_widget_get_window(window.gtkWidget) else { return false }
        return gdk_test_simulate_button(gdkWindow, gint(x), gint(y), button, GdkModifierType(rawValue: 0),
                                        GDK_BUTTON_PRESS) != 0
    }

    /// Clicks (press and release) a mouse button at the centre of `widget`, which must be mapped.
    @discardableResult
    public static func click(_ widget: Widget, button: UInt32 = 1, in window: Window) -> Bool {
        let allocation = widget.allocation
        return click(widget, at: (allocation.width / 2, allocation.height / 2), button: button, in: window)
    }

    /// Clicks at `point` in a mapped `widget` with `modifiers` held.
    @discardableResult
    public static func click(_ widget: Widget, at point: (x: Int, y: Int), button: UInt32 = 1, modifiers: Modifiers = [],
                             in window: Window) -> Bool {
        guard let origin = widget.origin(in: window), let gdkWindow = gtk_widget_get_window(window.gtkWidget) else { return false }
        // Widget coordinates are relative to the toplevel's GdkWindow for no-window widgets.
        let x = gint(origin.x + point.x), y = gint(origin.y + point.y)
        let none = gdkModifiers(modifiers)
        guard gdk_test_simulate_button(gdkWindow, x, y, button, none, GDK_BUTTON_PRESS) != 0 else { return false }
        // Let GTK see the pointer arrive and the press before the release, as with a real click.
        gdk_display_sync(gdk_window_get_display(gdkWindow))
        while g_main_context_iteration(nil, 0) != 0 {}
        return gdk_test_simulate_button(gdkWindow, x, y, button, none, GDK_BUTTON_RELEASE) != 0
    }

    /// Moves the pointer to a mapped `widget`'s centre through the window system.
    public static func movePointer(to widget: Widget, in window: Window) {
        guard let origin = widget.origin(in: window) else { return }
        let allocation = widget.allocation
        window.warpPointer { _, _ in (origin.x + allocation.width / 2, origin.y + allocation.height / 2) }
    }

    /// Moves the pointer just outside `window`, so nothing in it shows a hover state or a tooltip.
    public static func movePointerAway(from window: Window) { window.movePointerAway() }

    private static func gdkModifiers(_ modifiers: Modifiers) -> GdkModifierType {
        var raw: UInt32 = 0
        if modifiers.contains(.shift) { raw |= GDK_SHIFT_MASK.rawValue }
        if modifiers.contains(.control) { raw |= GDK_CONTROL_MASK.rawValue }
        if modifiers.contains(.alt) { raw |= GDK_MOD1_MASK.rawValue }
        return GdkModifierType(rawValue: raw)
    }
}
