import CGStreamer

/// `g_main_context_invoke`: on the main loop when it runs elsewhere, else at once here.
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
