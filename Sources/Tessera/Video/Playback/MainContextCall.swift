import CGStreamer

/// Runs a closure where GLib's main loop runs, as `g_main_context_invoke` does: on the main loop
/// when it turns on another thread (at its next turn), at once on this thread when nobody runs it.
enum MainContextCall {
    private final class Work {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    static func invoke(_ body: @escaping () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        g_main_context_invoke_full(nil, G_PRIORITY_DEFAULT, { data in
            Unmanaged<Work>.fromOpaque(data!).takeUnretainedValue().body()
            return 0 // G_SOURCE_REMOVE: once
        }, work, { data in Unmanaged<Work>.fromOpaque(data!).release() })
    }
}
