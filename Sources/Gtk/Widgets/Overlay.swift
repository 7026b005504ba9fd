import CGtk

/// A main child with others layered on top (a delete button over a picture).
@MainActor
public final class Overlay: Container {
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(gtk_overlay_new()))
        add(child)
    }
    public func addOverlay(_ child: Widget) { gtk_overlay_add_overlay(raw.cast(), child.widget) }
}
