import CGtk

/// Recoloured symbolic icon surfaces cached by name, size and colour.
@MainActor
enum SymbolicIconSurfaces {
    private struct Key: Hashable {
        let name: String
        let side: Int
        /// The device scale: a 16-pixel icon on a scale-2 screen is drawn from 32 pixels.
        let scale: Int
        /// The style's foreground colour, 8 bits a channel (what the recolouring uses), as RGBA.
        let color: UInt32
    }

    private static var surfaces: [Key: OpaquePointer] = [:]
    /// Icons looked up and recoloured so far (for tests).
    private(set) static var loads = 0
    /// A few names, sizes and themes; past it the cache starts over.
    static let capacity = 64

    /// `name` at `side` points and `scale`, recoloured for `style`; nil when the theme lacks it.
    static func surface(_ name: String, side: Int, scale: Int = 1, style: UnsafeMutablePointer<GtkStyleContext>?) -> OpaquePointer? {
        var color = GdkRGBA()
        if let style { gtk_style_context_get_color(style, gtk_style_context_get_state(style), &color) }
        // Packed, not an array: the key is made in every draw of every placeholder.
        func channel(_ value: Double, at shift: UInt32) -> UInt32 { UInt32((min(max(value, 0), 1) * 255).rounded()) << shift }
        let packed = channel(color.red, at: 24) | channel(color.green, at: 16) | channel(color.blue, at: 8) | channel(color.alpha, at: 0)
        let key = Key(name: name, side: side, scale: scale, color: packed)
        if let surface = surfaces[key] { return surface }
        guard let info = gtk_icon_theme_lookup_icon_for_scale(gtk_icon_theme_get_default(), name, gint(side), gint(scale),
                                                              GTK_ICON_LOOKUP_FORCE_SIZE) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(info)) }
        var error: UnsafeMutablePointer<GError>? = nil
        guard let pixbuf = gtk_icon_info_load_symbolic_for_context(info, style, nil, &error) else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        guard let surface = gdk_cairo_surface_create_from_pixbuf(pixbuf, gint(scale), nil) else { return nil }
        loads += 1
        if surfaces.count >= capacity {
            surfaces.values.forEach { cairo_surface_destroy($0) }
            surfaces.removeAll()
        }
        surfaces[key] = surface
        return surface
    }
}
