import CGtk

/// An input-only window giving a windowless child clicks.
@MainActor
public final class EventBox: Container {
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(gtk_event_box_new()))
        gtk_event_box_set_visible_window(raw.cast(), 0)
        add(child)
    }
}
