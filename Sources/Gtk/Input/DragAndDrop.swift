import CGtk

/// Moving things within the app by drag and drop (the gallery's reorder). The payload is a short
/// string (an index), under a target only this app offers, so nothing from elsewhere drops in.
@MainActor
public enum DragAndDrop {
    static let target = "application/x-dev.tessera.reorder"

    /// Lets `widget` be dragged with the first mouse button; `payload` says what is dragged.
    /// The drag icon is a picture of the widget; Escape cancels a drag.
    public static func makeSource(_ widget: Widget, payload: @escaping @MainActor () -> String) {
        target.withCString { name in
            var entry = GtkTargetEntry(target: UnsafeMutablePointer(mutating: name), flags: guint(GTK_TARGET_SAME_APP.rawValue), info: 0)
            gtk_drag_source_set(widget.widget, GDK_BUTTON1_MASK, &entry, 1, GDK_ACTION_MOVE)
        }
        widget.connect("drag-begin", shape: .pointer) { [weak widget] context in
            guard let widget, let context else { return false }
            let size = widget.allocatedSize
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(size.width), gint(size.height))
            let cr = cairo_create(surface)
            gtk_widget_draw(widget.widget, cr)
            cairo_destroy(cr)
            cairo_surface_set_device_offset(surface, -Double(size.width) / 2, -Double(size.height) / 2)
            gtk_drag_set_icon_surface(OpaquePointer(context), surface)
            cairo_surface_destroy(surface)
            return false
        }
        widget.connect("drag-data-get", shape: .dragDataGet) { data in
            guard let data else { return false }
            // Our own target is not a text type, so the bytes go in as they are.
            let bytes = Array(payload().utf8)
            let selection = OpaquePointer(data)
            gtk_selection_data_set(selection, gtk_selection_data_get_target(selection), 8, bytes, gint(bytes.count))
            return false
        }
    }

    /// Lets `widget` accept drops from a source made above; GTK highlights it while a drag is
    /// over it. `received` gets the payload.
    public static func makeDestination(_ widget: Widget, received: @escaping @MainActor (String) -> Void) {
        target.withCString { name in
            var entry = GtkTargetEntry(target: UnsafeMutablePointer(mutating: name), flags: guint(GTK_TARGET_SAME_APP.rawValue), info: 0)
            gtk_drag_dest_set(widget.widget, GTK_DEST_DEFAULT_ALL, &entry, 1, GDK_ACTION_MOVE)
        }
        widget.connect("drag-data-received", shape: .dragDataReceived) { data in
            guard let data else { return false }
            let selection = OpaquePointer(data)
            let length = Int(gtk_selection_data_get_length(selection))
            guard length > 0, let bytes = gtk_selection_data_get_data(selection) else { return false }
            received(String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self))
            return false
        }
    }
}
