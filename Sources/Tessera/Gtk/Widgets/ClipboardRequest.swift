/// A clipboard request's answer, carried through GTK's callbacks.
final class ClipboardRequest {
    let received: @MainActor (ClipboardContents) -> Void
    init(received: @escaping @MainActor (ClipboardContents) -> Void) { self.received = received }
}
