import CGtk

/// A vertical list of rows, used for the sidebar.
@MainActor
public final class ListBox: Container {
    /// - Parameter selectable: rows stay selected (a sidebar), else only activate.
    public init(selectable: Bool = true) {
        super.init(taking: UnsafeMutableRawPointer(gtk_list_box_new()))
        gtk_list_box_set_selection_mode(raw.cast(), selectable ? GTK_SELECTION_BROWSE : GTK_SELECTION_NONE)
    }
    /// Called with the index of a row activated by a click, Enter or Space.
    @discardableResult
    public func onRowActivated(_ body: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        connect("row-activated", shape: .pointer) { row in
            if let row { body(Int(gtk_list_box_row_get_index(row.cast()))) }
            return false
        }
    }
    public func append(_ row: ListBoxRow) { gtk_container_add(container, row.widget) }

    /// Inserts `row` at `index` (0: the top).
    public func insert(_ row: ListBoxRow, at index: Int) { gtk_list_box_insert(raw.cast(), row.widget, gint(index)) }
    public func select(_ row: ListBoxRow) { gtk_list_box_select_row(raw.cast(), row.raw.cast()) }

    public enum SelectionMode: Sendable { case none, single, browse }
    /// Whether rows stay selected: none (rows are only activated), one at most, or always one.
    public var selectionMode: SelectionMode {
        get {
            switch gtk_list_box_get_selection_mode(raw.cast()) {
            case GTK_SELECTION_SINGLE: .single
            case GTK_SELECTION_BROWSE: .browse
            default: .none
            }
        }
        set {
            let mode = switch newValue {
            case .none: GTK_SELECTION_NONE
            case .single: GTK_SELECTION_SINGLE
            case .browse: GTK_SELECTION_BROWSE
            }
            gtk_list_box_set_selection_mode(raw.cast(), mode)
        }
    }
    /// The index of the selected row, or nil.
    public var selectedIndex: Int? {
        guard let row = gtk_list_box_get_selected_row(raw.cast()) else { return nil }
        return Int(gtk_list_box_row_get_index(row))
    }
    /// Called with the index of the row that became selected.
    @discardableResult
    public func onRowSelected(_ body: @escaping @MainActor (Int) -> Void) -> SignalConnection {
        connect("row-selected", shape: .pointer) { row in
            if let row { body(Int(gtk_list_box_row_get_index(row.cast()))) }
            return false
        }
    }
}
