
/// A handler's closure, released by its destroy notify only.
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
