import CGtk

/// Children at explicit positions (the gallery's mosaic computes them).
@MainActor
public final class Fixed: Container {
    public init() { super.init(taking: UnsafeMutableRawPointer(gtk_fixed_new())) }
    /// `ownWindow`: its GdkWindow takes windowless children's pointer events.
    public convenience init(ownWindow: Bool) {
        self.init()
        gtk_widget_set_has_window(widget, ownWindow ? 1 : 0)
    }
    public func put(_ child: Widget, x: Int, y: Int) { gtk_fixed_put(raw.cast(), child.widget, gint(x), gint(y)) }
    public func move(_ child: Widget, x: Int, y: Int) { gtk_fixed_move(raw.cast(), child.widget, gint(x), gint(y)) }
}
