import CGtk

/// Gives a child that has no window of its own (a picture) the pointer's clicks: an input-only
/// window over it, drawing nothing.
@MainActor
public final class EventBox: Container {
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(gtk_event_box_new()))
        gtk_event_box_set_visible_window(raw.cast(), 0)
        add(child)
    }
}
