import CGtk

/// Drag and drop within the app under a private target, so nothing from elsewhere drops in.
@MainActor
public enum DragAndDrop {
    static let target = "application/x-dev.tessera.reorder"

    /// `widget` draggable with the first button, showing its picture; Escape cancels.
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

    /// `widget` takes drops from a source above; GTK highlights it.
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

    /// A drag icon of `widget` at device pixels, shown at its size.
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

    /// The pointer moved past GTK's drag threshold from `start`.
    public static func passesThreshold(_ widget: Widget, from start: (x: Int, y: Int), to point: (x: Int, y: Int)) -> Bool {
        gtk_drag_check_threshold(widget.widget, gint(start.x), gint(start.y), gint(point.x), gint(point.y)) != 0
    }

    /// Starts a drag from `widget` at (x, y) with `icon`; Escape cancels; only our areas take it.
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

    /// `widget` takes our drags (`motion`, `leave`, `drop`), and with `external` others' addresses and text.
    public static func makeDropArea(_ widget: Widget, motion: @escaping @MainActor (_ x: Int, _ y: Int) -> Bool,
                                    leave: @escaping @MainActor () -> Void, drop: @escaping @MainActor (_ x: Int, _ y: Int) -> Bool,
                                    externalMotion: @escaping @MainActor (_ x: Int, _ y: Int) -> Void = { _, _ in },
                                    external: (@MainActor (ExternalDrop) -> Bool)? = nil) {
        let names = [target] + (external == nil ? [] : externalTargets)
        withTargetList(names) { entries in
            gtk_drag_dest_set(widget.widget, GtkDestDefaults(rawValue: 0), entries.baseAddress, gint(entries.count),
                              GdkDragAction(rawValue: GDK_ACTION_MOVE.rawValue | GDK_ACTION_COPY.rawValue))
        }
        let ownAtom = gdk_atom_intern(target, 0)
        let pending = PendingDrop()
        widget.connect("drag-motion", shape: .dragPosition) { [weak widget] pointer in
            let position = pointer!.load(as: DragPosition.self)
            guard let widget else { return false }
            let found = gtk_drag_dest_find_target(widget.widget, position.context, nil)
            let action: GdkDragAction
            if found == ownAtom {
                action = motion(position.x, position.y) ? GDK_ACTION_MOVE : GdkDragAction(rawValue: 0)
            } else if external != nil, found != nil {
                externalMotion(position.x, position.y)
                action = GDK_ACTION_COPY
            } else {
                action = GdkDragAction(rawValue: 0)
            }
            gdk_drag_status(position.context, action, position.time)
            return true
        }
        widget.connect("drag-leave", shape: .dragLeave) { _ in leave(); return false }
        widget.connect("drag-drop", shape: .dragPosition) { [weak widget] pointer in
            let position = pointer!.load(as: DragPosition.self)
            guard let widget else { return false }
            let found = gtk_drag_dest_find_target(widget.widget, position.context, nil)
            if found == ownAtom || found == nil || external == nil {
                gtk_drag_finish(position.context, found == ownAtom && drop(position.x, position.y) ? 1 : 0, 0, position.time)
                return true
            }
            // Another program's data is asked for; it comes in "drag-data-received".
            pending.take(position)
            gtk_drag_get_data(widget.widget, position.context, found, position.time)
            return true
        }
        guard let external else { return }
        widget.connect("drag-data-received", shape: .dragDataReceived) { data in
            guard let position = pending.position else { return false }
            pending.clear()
            var taken = false
            if let data {
                let selection = OpaquePointer(data)
                // A picture comes as its bytes (never decoded here); addresses and text as such.
                let type = gtk_selection_data_get_data_type(selection).flatMap { gdk_atom_name($0) }
                let typeName = type.map { String(cString: $0) } ?? ""
                g_free(type)
                let picture = Clipboard.pictureTargets.contains(typeName) ? Clipboard.bytes(in: selection) : nil
                let dropped = ExternalDrop(x: position.x, y: position.y, uris: picture == nil ? Self.uris(in: selection) : [],
                                           text: picture == nil ? Self.text(in: selection) : nil, picture: picture)
                taken = !(dropped.uris.isEmpty && (dropped.text ?? "").isEmpty && dropped.picture == nil) && external(dropped)
            }
            gtk_drag_finish(position.context, taken ? 1 : 0, 0, position.time)
            if let context = position.context { g_object_unref(UnsafeMutableRawPointer(context)) }
            return false
        }
    }

    /// Other programs' drops, best first: addresses, a picture's bytes, text.
    static let externalTargets = ["text/uri-list"] + Clipboard.pictureTargets + ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain"]

    /// Calls `body` with GTK target entries for `names` (the first only from this app).
    private static func withTargetList<T>(_ names: [String], _ body: (UnsafeMutableBufferPointer<GtkTargetEntry>) -> T) -> T {
        let strings = names.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var entries = strings.enumerated().map { index, name in
            GtkTargetEntry(target: name, flags: index == 0 ? guint(GTK_TARGET_SAME_APP.rawValue) : 0, info: guint(index))
        }
        return entries.withUnsafeMutableBufferPointer { body($0) }
    }

    private static func uris(in selection: OpaquePointer) -> [String] {
        takingStrings(gtk_selection_data_get_uris(selection))
    }

    private static func text(in selection: OpaquePointer) -> String? {
        guard let text = gtk_selection_data_get_text(selection) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// `body` after every drag `widget` began, dropped or cancelled.
    public static func onDragEnd(_ widget: Widget, _ body: @escaping @MainActor () -> Void) {
        widget.connect("drag-end", shape: .pointer) { _ in body(); return false }
    }
}
