import CGtk
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Drains `DispatchQueue.main` under GLib via libdispatch's eventfd; one per process, before the loop.
@MainActor
public final class MainLoopBridge {
    private var sourceID: guint = 0

    /// After input, relayout and a due frame's paint, so frames never wait behind blocks.
    static let drainPriority = G_PRIORITY_HIGH_IDLE + 30

    public init() {
        let fd = _dispatch_get_main_queue_handle_4CF()
        sourceID = g_unix_fd_add_full(Self.drainPriority, fd, G_IO_IN, drainCallback, nil, nil)
        // Work queued before the handle existed did not signal the fd: drain it once now.
        g_idle_add_full(Self.drainPriority, drainOnce, nil, nil)
    }

    /// Told each drain's nanoseconds when a benchmark measures; nil: nothing timed.
    nonisolated(unsafe) static var drainTimer: ((UInt64) -> Void)?

    /// Removes the source; the main queue is no longer drained by GLib.
    public func uninstall() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }
}

private let drainCallback: @convention(c) (gint, GIOCondition, gpointer?) -> gboolean = { fd, _, _ in
    var counter: UInt64 = 0
    // The fd is non-blocking; EAGAIN only means it was already cleared.
    _ = withUnsafeMutableBytes(of: &counter) { read(fd, $0.baseAddress, 8) }
    if let timer = MainLoopBridge.drainTimer {
        let start = DispatchTime.now().uptimeNanoseconds
        _dispatch_main_queue_callback_4CF(nil)
        timer(DispatchTime.now().uptimeNanoseconds - start)
    } else {
        _dispatch_main_queue_callback_4CF(nil)
    }
    return 1 // G_SOURCE_CONTINUE
}

private let drainOnce: @convention(c) (gpointer?) -> gboolean = { _ in
    _dispatch_main_queue_callback_4CF(nil)
    return 0 // G_SOURCE_REMOVE
}
