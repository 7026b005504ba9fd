import CGtk
import CHandy
import Foundation

/// Process-level GTK set-up and main-loop helpers.
@MainActor
public enum GtkRuntime {
    /// GTK without a GtkApplication (tests, helpers); false without a display.
    public static func initialize() -> Bool {
        prepareEnvironment()
        guard gtk_init_check(nil, nil) != 0 else { return false }
        startWidgetLibrary()
        return true
    }

    /// libhandy's types and styles, as GTK starts: parsed later, its stylesheet restyles the first page.
    static func startWidgetLibrary() {
        hdy_init()
    }

    /// Before GTK starts: GDK's OpenGL off unless GDK_GL is set, sparing a GL driver load.
    nonisolated public static func prepareEnvironment() {
        setenv("GDK_GL", "disable", 0)
    }

    /// Starts fontconfig on Pango's thread now, on the main thread before the window.
    public static func startLoadingFonts() {
        _ = pango_cairo_font_map_get_default()
    }

    /// Makes every window draw at `scale`, as if on such a screen; for tests. False off X11.
    @discardableResult
    public static func forceWindowScale(_ scale: Int) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        return tessera_force_window_scale(display, gint(scale)) != 0
    }

    /// Runs the main context until `condition` or `timeout`, waiting on events; tests only.
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Duration, wakeEvery: Duration? = nil) -> Bool {
        var ticker: guint = 0
        if let wakeEvery {
            let ms = guint(max(1, wakeEvery.components.seconds * 1000 + wakeEvery.components.attoseconds / 1_000_000_000_000_000))
            ticker = g_timeout_add_full(G_PRIORITY_DEFAULT, ms, keepTicking, nil, nil)
        }
        defer { if ticker != 0 { g_source_remove(ticker) } }
        let deadline = ContinuousClock.now + timeout
        let ms = guint(max(1, timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))
        var expired = false
        let box = Unmanaged.passRetained(FlagBox { expired = true })
        let source = g_timeout_add_full(G_PRIORITY_DEFAULT, ms, deadlineCallback, box.toOpaque(), deadlineRelease)
        defer { if !expired { g_source_remove(source) } }
        while !condition() {
            if expired || ContinuousClock.now >= deadline { return condition() }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Dispatches everything that is ready now without blocking.
    public static func drainPendingEvents() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }
}

private let keepTicking: @convention(c) (gpointer?) -> gboolean = { _ in 1 }
