import CGtk

/// GtkSizeGroup across widths: its widgets ask for the widest one's width, so they line up as a column.
@MainActor
public final class SizeGroup: Object {
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_size_group_new(GTK_SIZE_GROUP_HORIZONTAL)))
    }

    public func add(_ widget: Widget) { gtk_size_group_add_widget(raw.cast(), widget.widget) }
}
