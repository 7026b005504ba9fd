import CGtk

/// Children at explicit positions (the gallery's mosaic computes them).
@MainActor
public final class Fixed: Container {
    public init() { super.init(taking: UnsafeMutableRawPointer(gtk_fixed_new())) }
    /// With `ownWindow`, the container has a GdkWindow of its own and receives the pointer events
    /// of windowless children (which cannot receive them in GTK 3). Grids of many children use it
    /// so their children need no windows: GTK moves every child window in each layout, which costs
    /// milliseconds once there are dozens.
    public convenience init(ownWindow: Bool) {
        self.init()
        gtk_widget_set_has_window(widget, ownWindow ? 1 : 0)
    }
    public func put(_ child: Widget, x: Int, y: Int) { gtk_fixed_put(raw.cast(), child.widget, gint(x), gint(y)) }
    public func move(_ child: Widget, x: Int, y: Int) { gtk_fixed_move(raw.cast(), child.widget, gint(x), gint(y)) }
}
