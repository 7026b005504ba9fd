import CGtk

/// The drop whose data has been asked for (its position, with its drag context), until it arrives.
@MainActor
final class PendingDrop {
    private(set) var position: DragPosition?
    func take(_ position: DragPosition) {
        if let context = position.context { g_object_ref(UnsafeMutableRawPointer(context)) }
        self.position = position
    }
    func clear() { position = nil }
}
