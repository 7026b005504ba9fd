import CGtk

/// The closure an asynchronous GDBus call carries as user data, retained for GLib and released by its destroy
/// notify or the one-shot callback.
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

    /// Takes back the box given as user data: `retained` for a one-shot callback (the box goes
    /// after it), not for a subscription's (its destroy notify releases it).
    static func from(_ data: gpointer?, retained: Bool) -> DBusClosure {
        let unmanaged = Unmanaged<DBusClosure>.fromOpaque(data!)
        return retained ? unmanaged.takeRetainedValue() : unmanaged.takeUnretainedValue()
    }
}

/// A subscription's destroy notify: the only release of its box.
let releaseDBusClosure: @convention(c) (gpointer?) -> Void = { data in
    Unmanaged<DBusClosure>.fromOpaque(data!).release()
}
