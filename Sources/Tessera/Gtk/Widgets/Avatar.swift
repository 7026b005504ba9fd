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
        onNotify("scale-factor") { [weak self] in self?.forgetDrawing() }
        _ = onSizeAllocate { [weak self] _ in self?.forgetDrawingIfResized() }
    }

    public var text: String {
        get { hdy_avatar_get_text(OpaquePointer(raw)).map { String(cString: $0) } ?? "" }
        set {
            forgetDrawing()
            hdy_avatar_set_text(OpaquePointer(raw), newValue)
        }
    }

    private static let drawingKey = "tessera-avatar-drawing"
    private var drawnSize: (width: Int32, height: Int32)?

    private func forgetDrawing() {
        drawnSize = nil
        g_object_set_data(raw.cast(), Self.drawingKey, nil)
    }

    private func forgetDrawingIfResized() {
        guard let drawnSize else { return }
        if drawnSize != (gtk_widget_get_allocated_width(widget), gtk_widget_get_allocated_height(widget)) { forgetDrawing() }
    }

    /// Paints HdyAvatar's drawing for the current text, size and style, made by its own `draw` the first time.
    private func paintDrawing(on cr: OpaquePointer) {
        var allocation = GtkAllocation(), clip = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        gtk_widget_get_clip(widget, &clip)
        let left = Double(clip.x - allocation.x), top = Double(clip.y - allocation.y)
        var drawing = g_object_get_data(raw.cast(), Self.drawingKey).map(OpaquePointer.init)
        if drawing == nil, let window = gtk_widget_get_window(widget),
           let drawWithTheme = g_type_class_peek(hdy_avatar_get_type())?.assumingMemoryBound(to: GtkWidgetClass.self).pointee.draw {
            let scale = gtk_widget_get_scale_factor(widget)
            let surface = gdk_window_create_similar_image_surface(window, CAIRO_FORMAT_ARGB32,
                                                                  clip.width * scale, clip.height * scale, scale)
            let context = cairo_create(surface)
            cairo_translate(context, -left, -top)
            _ = drawWithTheme(widget, context)
            cairo_destroy(context)
            g_object_set_data_full(raw.cast(), Self.drawingKey, UnsafeMutableRawPointer(surface)) { cairo_surface_destroy(OpaquePointer($0)) }
            drawnSize = (allocation.width, allocation.height)
            drawing = surface
        }
        guard let drawing else { return }
        cairo_set_source_surface(cr, drawing, left, top)
        cairo_paint(cr)
    }
}
