import CGtk
import Foundation

/// Process-level GTK set-up and main-loop helpers.
@MainActor
public enum GtkRuntime {
    /// Initialises GTK without a GtkApplication (tests, screenshot and benchmark helpers).
    /// Returns false when no display can be opened.
    public static func initialize() -> Bool {
        prepareEnvironment()
        return gtk_init_check(nil, nil) != 0
    }

    /// Settings GTK reads at start; call before it initialises. GDK's OpenGL is off (unless GDK_GL is set):
    /// Tessera draws with cairo, and GLX probing loads the GL driver for nothing.
    nonisolated public static func prepareEnvironment() {
        setenv("GDK_GL", "disable", 0)
    }

    /// Starts fontconfig's set-up on Pango's thread now, overlapping GTK's start and bus registration, so the
    /// first labels find it done. Main thread, before the window is built.
    public static func startLoadingFonts() {
        _ = pango_cairo_font_map_get_default()
    }

    /// Makes every window draw at `scale`, as if on such a screen; for tests. False off X11.
    @discardableResult
    public static func forceWindowScale(_ scale: Int) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        return tessera_force_window_scale(display, gint(scale)) != 0
    }

    /// Runs the main context until `condition` holds or `timeout` passes, waiting on events (`wakeEvery` for
    /// other threads' changes); returns whether it holds. Tests only, never from a main-queue block.
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
