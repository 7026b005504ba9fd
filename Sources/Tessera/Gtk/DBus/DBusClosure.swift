import CGtk

/// A GDBus call's closure as user data, released by destroy notify or the one-shot callback.
final class DBusClosure {
    let body: @MainActor (OpaquePointer?) -> Void
    init(_ body: @escaping @MainActor (OpaquePointer?) -> Void) { self.body = body }

    /// Hands `value` to the closure. GDBus calls back on the main context's thread.
    func call(_ value: OpaquePointer?) {
        let body = self.body
        nonisolated(unsafe) let value = value
        MainActor.assumeIsolated { body(value) }
    }

    /// The box, retained, as a callback's user data.
    func retainedPointer() -> gpointer { Unmanaged.passRetained(self).toOpaque() }

    /// The box back: `retained` for one-shot callbacks, not subscriptions.
    static func from(_ data: gpointer?, retained: Bool) -> DBusClosure {
        let unmanaged = Unmanaged<DBusClosure>.fromOpaque(data!)
        return retained ? unmanaged.takeRetainedValue() : unmanaged.takeUnretainedValue()
    }
}

/// A subscription's destroy notify: the only release of its box.
let releaseDBusClosure: @convention(c) (gpointer?) -> Void = { data in
    Unmanaged<DBusClosure>.fromOpaque(data!).release()
}
