import CGtk

extension Widget {
    /// `body` before every displayed frame with its time in microseconds, until it returns false.
    @discardableResult
    public func addTickCallback(_ body: @escaping @MainActor (Int64) -> Bool) -> UInt32 {
        let box = SignalBox { clock in
            body(Int64(gdk_frame_clock_get_frame_time(OpaquePointer(clock))))
        }
        return UInt32(gtk_widget_add_tick_callback(widget, tickTrampoline, Unmanaged.passRetained(box).toOpaque(),
                                                   tickBoxRelease))
    }

    public func removeTickCallback(_ id: UInt32) { gtk_widget_remove_tick_callback(widget, guint(id)) }

    /// The width and height GTK allocated.
    public var allocatedSize: (width: Int, height: Int) {
        (Int(gtk_widget_get_allocated_width(widget)), Int(gtk_widget_get_allocated_height(widget)))
    }
}

private let tickTrampoline: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = { _, clock, data in
    Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(UnsafeMutableRawPointer(clock)) ? 1 : 0
}

private let tickBoxRelease: @convention(c) (gpointer?) -> Void = { data in
    Unmanaged<SignalBox>.fromOpaque(data!).release()
}
