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
            let surface = Self.iconSurface(of: widget, width: size.width, height: size.height)
            let scale = Double(widget.scaleFactor)
            cairo_surface_set_device_offset(surface, -Double(size.width) * scale / 2, -Double(size.height) * scale / 2)
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

    /// A picture of `widget` for a drag icon, at device pixels (twice its size on a scale-2
    /// screen), carrying the device scale so it shows at the widget's size.
    private static func iconSurface(of widget: Widget, width: Int, height: Int) -> OpaquePointer? {
        let scale = widget.scaleFactor
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width * scale), gint(height * scale))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cr = cairo_create(surface)
        gtk_widget_draw(widget.widget, cr)
        cairo_destroy(cr)
        return surface
    }

    // MARK: Drags the widget starts itself

    /// Whether the pointer has moved far enough from a press at `start` to start a drag (GTK's
    /// threshold); both in `widget`'s coordinates.
    public static func passesThreshold(_ widget: Widget, from start: (x: Int, y: Int), to point: (x: Int, y: Int)) -> Bool {
        gtk_drag_check_threshold(widget.widget, gint(start.x), gint(start.y), gint(point.x), gint(point.y)) != 0
    }

    /// Starts a drag with the first button from `widget` (a grid of windowless cells, which
    /// decides itself when a press became a drag), at (x, y) in its coordinates. The drag icon is
    /// a picture of `icon`, held where it was pressed; Escape cancels. Drops are taken by a
    /// `makeDropArea` in the app, never by another program.
    public static func begin(from widget: Widget, icon: Widget, x: Int, y: Int) {
        let list = target.withCString { name in
            var entry = GtkTargetEntry(target: UnsafeMutablePointer(mutating: name), flags: guint(GTK_TARGET_SAME_APP.rawValue), info: 0)
            return gtk_target_list_new(&entry, 1)
        }
        defer { gtk_target_list_unref(list) }
        guard let context = gtk_drag_begin_with_coordinates(widget.widget, list, GDK_ACTION_MOVE, 1, nil, gint(x), gint(y)) else { return }
        let size = icon.allocatedSize
        guard size.width > 0, size.height > 0 else { return }
        let surface = iconSurface(of: icon, width: size.width, height: size.height)
        let origin = icon.allocation
        let scale = Double(icon.scaleFactor)
        cairo_surface_set_device_offset(surface, -Double(x - origin.x) * scale, -Double(y - origin.y) * scale)
        gtk_drag_set_icon_surface(context, surface)
        cairo_surface_destroy(surface)
    }

    /// Lets `widget` take the drags begun with `begin(from:icon:x:y:)`. `motion` gets every
    /// position of the pointer over it (its coordinates) and says whether a drop there would be
    /// taken; `leave` runs when the pointer leaves it (and right before a drop); `drop` gets the
    /// final position and says whether it took the drop.
    public static func makeDropArea(_ widget: Widget, motion: @escaping @MainActor (_ x: Int, _ y: Int) -> Bool,
                                    leave: @escaping @MainActor () -> Void, drop: @escaping @MainActor (_ x: Int, _ y: Int) -> Bool) {
        target.withCString { name in
            var entry = GtkTargetEntry(target: UnsafeMutablePointer(mutating: name), flags: guint(GTK_TARGET_SAME_APP.rawValue), info: 0)
            gtk_drag_dest_set(widget.widget, GtkDestDefaults(rawValue: 0), &entry, 1, GDK_ACTION_MOVE)
        }
        widget.connect("drag-motion", shape: .dragPosition) { pointer in
            let position = pointer!.load(as: DragPosition.self)
            let takes = motion(position.x, position.y)
            gdk_drag_status(position.context, takes ? GDK_ACTION_MOVE : GdkDragAction(rawValue: 0), position.time)
            return true
        }
        widget.connect("drag-leave", shape: .dragLeave) { _ in leave(); return false }
        widget.connect("drag-drop", shape: .dragPosition) { pointer in
            let position = pointer!.load(as: DragPosition.self)
            gtk_drag_finish(position.context, drop(position.x, position.y) ? 1 : 0, 0, position.time)
            return true
        }
    }

    /// `body` after every drag `widget` began, dropped or cancelled.
    public static func onDragEnd(_ widget: Widget, _ body: @escaping @MainActor () -> Void) {
        widget.connect("drag-end", shape: .pointer) { _ in body(); return false }
    }
}
