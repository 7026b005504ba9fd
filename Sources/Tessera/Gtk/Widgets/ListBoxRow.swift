import CGtk

@MainActor
public final class ListBoxRow: Container {
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(gtk_list_box_row_new()))
        add(child)
    }
    public var index: Int { Int(gtk_list_box_row_get_index(raw.cast())) }
    public var isSelected: Bool { gtk_list_box_row_is_selected(raw.cast()) != 0 }
    /// Whether a click or Enter activates the row (false for a row that holds its own controls).
    public var isActivatable: Bool {
        get { gtk_list_box_row_get_activatable(raw.cast()) != 0 }
        set { gtk_list_box_row_set_activatable(raw.cast(), newValue ? 1 : 0) }
    }
    /// Activates the row as a click or Enter would.
    public func activate() { gtk_widget_activate(widget) }
}
