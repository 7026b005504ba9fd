import CGtk
import CHandy

/// HdyAvatar: a round avatar showing the initials of `text` on a colour picked from it, made for light and dark.
@MainActor
public final class Avatar: Widget {
    public init(size: Int, text: String = "") {
        super.init(taking: UnsafeMutableRawPointer(hdy_avatar_new(gint(size), text, 1)))
        // libhandy 1.8 leaks a font description each time it draws initials: its drawing is made once and kept.
        connect("draw", shape: .pointerReturningBool) { [weak self] cr in
            guard let self, let cr else { return false }
            self.paintDrawing(on: OpaquePointer(cr))
            return true
        }
        connect("style-updated", shape: .plain) { [weak self] _ in self?.forgetDrawing(); return false }
        connect("state-flags-changed", shape: .pointer) { [weak self] _ in self?.forgetDrawing(); return false }
    }

    public var text: String {
        get { hdy_avatar_get_text(OpaquePointer(raw)).map { String(cString: $0) } ?? "" }
        set {
            forgetDrawing()
            hdy_avatar_set_text(OpaquePointer(raw), newValue)
        }
    }

    private static let drawingKey = "tessera-avatar-drawing"

    private func forgetDrawing() {
        g_object_set_data(raw.cast(), Self.drawingKey, nil)
    }

    /// Paints HdyAvatar's drawing for the current text, size, scale and style, made by its own `draw` the first time.
    private func paintDrawing(on cr: OpaquePointer) {
        var allocation = GtkAllocation(), clip = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        gtk_widget_get_clip(widget, &clip)
        let left = Double(clip.x - allocation.x), top = Double(clip.y - allocation.y)
        let scale = gtk_widget_get_scale_factor(widget)
        var drawing = g_object_get_data(raw.cast(), Self.drawingKey).map(OpaquePointer.init)
        // Another size or scale: the kept drawing's pixels no longer match.
        if let kept = drawing, cairo_image_surface_get_width(kept) != clip.width * scale
            || cairo_image_surface_get_height(kept) != clip.height * scale { drawing = nil }
        if drawing == nil, let window = gtk_widget_get_window(widget),
           let drawWithTheme = g_type_class_peek(hdy_avatar_get_type())?.assumingMemoryBound(to: GtkWidgetClass.self).pointee.draw {
            let surface = gdk_window_create_similar_image_surface(window, CAIRO_FORMAT_ARGB32,
                                                                  clip.width * scale, clip.height * scale, scale)
            let context = cairo_create(surface)
            cairo_translate(context, -left, -top)
            _ = drawWithTheme(widget, context)
            cairo_destroy(context)
            g_object_set_data_full(raw.cast(), Self.drawingKey, UnsafeMutableRawPointer(surface)) { cairo_surface_destroy(OpaquePointer($0)) }
            drawing = surface
        }
        guard let drawing else { return }
        cairo_set_source_surface(cr, drawing, left, top)
        cairo_paint(cr)
    }
}
