import CGtk

/// Decoded pixbufs moving from the decoding queue to the main thread; owned by exactly one side at a time.
final class PixbufList: @unchecked Sendable {
    private var pixbufs: [OpaquePointer]
    init(_ pixbufs: [OpaquePointer]) { self.pixbufs = pixbufs }

    @MainActor
    func installAsDefault() {
        guard !pixbufs.isEmpty else { return }
        var list: UnsafeMutablePointer<GList>? = nil
        for pixbuf in pixbufs.reversed() { list = g_list_prepend(list, UnsafeMutableRawPointer(pixbuf)) }
        gtk_window_set_default_icon_list(list) // GTK takes its own references
        g_list_free(list)
    }

    deinit { pixbufs.forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
}
