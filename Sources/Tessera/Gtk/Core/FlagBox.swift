import CGtk

/// What a one-shot GLib timeout sets, for the loops' deadlines.
final class FlagBox {
    let fire: @MainActor () -> Void
    init(_ fire: @escaping @MainActor () -> Void) { self.fire = fire }
}

/// The timeout's callback: fires the box once (the source ends).
let deadlineCallback: @convention(c) (gpointer?) -> gboolean = { data in
    nonisolated(unsafe) let box = Unmanaged<FlagBox>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.fire() }
    return 0
}

/// The timeout's destroy notify: the only release of the box.
let deadlineRelease: @convention(c) (gpointer?) -> Void = { data in
    Unmanaged<FlagBox>.fromOpaque(data!).release()
}
