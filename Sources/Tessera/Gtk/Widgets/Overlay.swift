import CGtk

/// A main child with others layered on top (a delete button over a picture).
@MainActor
public final class Overlay: Container {
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(gtk_overlay_new()))
        add(child)
    }
    /// Layers `child` on top; `passThrough` lets the pointer reach what is below.
    public func addOverlay(_ child: Widget, passThrough: Bool = false) {
        gtk_overlay_add_overlay(raw.cast(), child.widget)
        if passThrough { gtk_overlay_set_overlay_pass_through(raw.cast(), child.widget, 1) }
    }
}
