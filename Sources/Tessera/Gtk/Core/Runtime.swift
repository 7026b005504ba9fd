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

    /// Settings GTK reads from the environment when it starts; call before GTK initialises.
    /// Tessera draws with cairo only (GTK 3 draws every widget with cairo; the video sink too), so
    /// GDK's OpenGL support is turned off: otherwise GDK probes GLX while opening the display,
    /// which loads the system's GL driver (without a GPU, Mesa's llvmpipe and all of LLVM) for
    /// nothing. A GDK_GL the user set is kept.
    nonisolated public static func prepareEnvironment() {
        setenv("GDK_GL", "disable", 0)
    }

    /// Starts loading fonts now instead of at the first text layout. Making the main thread's
    /// Pango font map sends fontconfig's set-up (its configuration files and font caches, several
    /// milliseconds) to a thread of Pango's own, where it overlaps GTK's start-up and the app's
    /// registration on the session bus; the window's first labels then find it done. Call on
    /// the main thread (Pango keeps one default font map per thread), before the window is built.
    public static func startLoadingFonts() {
        _ = pango_cairo_font_map_get_default()
    }

    /// Makes every window draw at `scale` device pixels per logical pixel, as if moved to a
    /// screen of that scale (GTK says `notify::scale-factor` to every widget). For tests: a
    /// running app follows the screen it is on. False on a display other than X11.
    @discardableResult
    public static func forceWindowScale(_ scale: Int) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        return tessera_force_window_scale(display, gint(scale)) != 0
    }

    /// Runs the default main context until `condition` holds or `timeout` passes; returns whether it
    /// holds. An event wait, not a poll (a deadline source wakes it at the end); `wakeEvery` adds
    /// wake-ups for conditions other threads change without a GLib event. For tests, never from a
    /// main-queue block.
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
