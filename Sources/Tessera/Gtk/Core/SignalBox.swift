
/// The closure of one signal handler, retained by GLib through the handler's user data and
/// released only by the handler's destroy notify.
final class SignalBox {
    let body: @MainActor (UnsafeMutableRawPointer?) -> Bool
    init(_ body: @escaping @MainActor (UnsafeMutableRawPointer?) -> Bool) { self.body = body }

    /// Runs the closure. GTK emits signals on the main thread only.
    func call(_ argument: UnsafeMutableRawPointer?) -> Bool {
        let body = self.body
        nonisolated(unsafe) let argument = argument
        return MainActor.assumeIsolated { body(argument) }
    }
}
