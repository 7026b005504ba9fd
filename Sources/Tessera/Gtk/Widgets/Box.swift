import CGtk

@MainActor
public final class Box: Container {
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(taking: UnsafeMutableRawPointer(gtk_box_new(orientation.gtk, gint(spacing))))
    }
    /// Appends `child`; `expand` lets it take the spare room.
    public func append(_ child: Widget, expand: Bool = false) {
        gtk_box_pack_start(raw.cast(), child.widget, expand ? 1 : 0, 1, 0)
    }
}
