import CGtk

/// A GLib main loop; `quit()` is thread-safe.
public final class MainLoop: @unchecked Sendable {
    private let loop: OpaquePointer

    public init() { loop = g_main_loop_new(nil, 0) }
    deinit { g_main_loop_unref(loop) }

    /// Runs until `quit()`; with a timeout, quits by itself then. Returns false on timeout.
    @MainActor
    @discardableResult
    public func run(timeout: Duration? = nil) -> Bool {
        var timedOut = false
        var source: guint = 0
        var box: Unmanaged<FlagBox>?
        if let timeout {
            let ms = guint(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
            let flag = Unmanaged.passRetained(FlagBox { [loop] in timedOut = true; g_main_loop_quit(loop) })
            box = flag
            source = g_timeout_add_full(G_PRIORITY_DEFAULT, max(ms, 1), deadlineCallback, flag.toOpaque(), deadlineRelease)
        }
        g_main_loop_run(loop)
        if box != nil, !timedOut { g_source_remove(source) }
        return !timedOut
    }

    public func quit() { g_main_loop_quit(loop) }
}
