import CGtk

/// A GtkContainer. Adding a child gives GTK its own reference; the Swift owner keeps the wrapper.
@MainActor
open class Container: Widget {
    var container: UnsafeMutablePointer<GtkContainer> { raw.cast() }

    public func add(_ child: Widget) { gtk_container_add(container, child.widget) }
    public func remove(_ child: Widget) { gtk_container_remove(container, child.widget) }
    /// How many children GTK holds now.
    public var childCount: Int { consumeList(gtk_container_get_children(container)).count }
    /// Keyboard focus moving to a child scrolls `adjustment` to show it.
    public func scrollsFocus(with adjustment: Adjustment) {
        gtk_container_set_focus_vadjustment(container, adjustment.raw.cast())
    }
}

public enum Orientation: Sendable {
    case horizontal, vertical
    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

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

@MainActor
public final class ScrolledWindow: Container {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_scrolled_window_new(nil, nil)))
        // Horizontally "external": no scrollbar, and the content's width does not become the
        // window's minimum width, so a window can always be made narrower and content reflows.
        gtk_scrolled_window_set_policy(raw.cast(), GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
    }
    /// Kinetic (momentum) scrolling; turning it off stops a fling in progress.
    public var kineticScrolling: Bool {
        get { gtk_scrolled_window_get_kinetic_scrolling(raw.cast()) != 0 }
        set { gtk_scrolled_window_set_kinetic_scrolling(raw.cast(), newValue ? 1 : 0) }
    }
    /// The part of the content in view: its top and height, in content coordinates.
    public var visibleVerticalRange: (top: Double, height: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(raw.cast())
        return (gtk_adjustment_get_value(adjustment), gtk_adjustment_get_page_size(adjustment))
    }
}

/// A stack of named pages, one visible at a time, switched with a transition.
@MainActor
public final class Stack: Container {
    public enum Transition: Sendable {
        case none, crossfade, slideLeft, slideRight, slideLeftRight, slideUpDown
        var gtk: GtkStackTransitionType {
            switch self {
            case .none: GTK_STACK_TRANSITION_TYPE_NONE
            case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
            case .slideLeft: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
            case .slideRight: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
            case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
            case .slideUpDown: GTK_STACK_TRANSITION_TYPE_SLIDE_UP_DOWN
            }
        }
    }

    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_stack_new()))
        gtk_stack_set_transition_duration(raw.cast(), 200)
        gtk_stack_set_interpolate_size(raw.cast(), 0)
    }
    public func addNamed(_ child: Widget, name: String, title: String? = nil) {
        if let title {
            gtk_stack_add_titled(raw.cast(), child.widget, name, title)
        } else {
            gtk_stack_add_named(raw.cast(), child.widget, name)
        }
    }
    public var visibleChildName: String? {
        gtk_stack_get_visible_child_name(raw.cast()).map { String(cString: $0) }
    }
    public func setVisibleChild(named name: String, transition: Transition) {
        gtk_stack_set_visible_child_full(raw.cast(), name, transition.gtk)
    }
    public var transitionRunning: Bool { gtk_stack_get_transition_running(raw.cast()) != 0 }
    public var transitionDuration: Int {
        get { Int(gtk_stack_get_transition_duration(raw.cast())) }
        set { gtk_stack_set_transition_duration(raw.cast(), guint(newValue)) }
    }
}

/// A vertical list of rows, used for the sidebar.
@MainActor
public final class ListBox: Container {
    /// - Parameter selectable: rows stay selected (a sidebar); otherwise they are only activated
    ///   (a list whose rows open something).
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

@MainActor
public final class ListBoxRow: Container {
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(gtk_list_box_row_new()))
        add(child)
    }
    public var index: Int { Int(gtk_list_box_row_get_index(raw.cast())) }
    public var isSelected: Bool { gtk_list_box_row_is_selected(raw.cast()) != 0 }
    /// Activates the row as a click or Enter would.
    public func activate() { gtk_widget_activate(widget) }
}

/// A separator line.
@MainActor
public final class Separator: Widget {
    public init(_ orientation: Orientation) {
        super.init(taking: UnsafeMutableRawPointer(gtk_separator_new(orientation.gtk)))
    }
}

/// A scrolled window's scroll position and extent (GtkAdjustment).
@MainActor
public final class Adjustment: Object {
    public var value: Double {
        get { gtk_adjustment_get_value(raw.cast()) }
        set { gtk_adjustment_set_value(raw.cast(), newValue) }
    }
    public var upper: Double { gtk_adjustment_get_upper(raw.cast()) }
    public var lower: Double { gtk_adjustment_get_lower(raw.cast()) }
    public var pageSize: Double { gtk_adjustment_get_page_size(raw.cast()) }
    /// The largest value: the end of the content in view.
    public var maximumValue: Double { max(lower, upper - pageSize) }

    /// Called when the position changes (scrolling).
    @discardableResult
    public func onValueChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("value-changed", shape: .plain) { _ in body(); return false }
    }

    /// Called when the extent (upper, page size) changes, before anything is drawn.
    @discardableResult
    public func onExtentChanged(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed", shape: .plain) { _ in body(); return false }
    }
}

extension ScrolledWindow {
    /// The vertical adjustment (a new wrapper each time; handlers live with the wrapper).
    public func verticalAdjustment() -> Adjustment {
        Adjustment(taking: UnsafeMutableRawPointer(gtk_scrolled_window_get_vadjustment(raw.cast())))
    }
}

/// Children placed on a grid of rows and columns (GtkGrid).
@MainActor
public final class Grid: Container {
    public init(homogeneousColumns: Bool = false, columnSpacing: Int = 0, rowSpacing: Int = 0) {
        super.init(taking: UnsafeMutableRawPointer(gtk_grid_new()))
        gtk_grid_set_column_homogeneous(raw.cast(), homogeneousColumns ? 1 : 0)
        gtk_grid_set_column_spacing(raw.cast(), guint(columnSpacing))
        gtk_grid_set_row_spacing(raw.cast(), guint(rowSpacing))
    }

    public func attach(_ child: Widget, column: Int, row: Int, width: Int = 1, height: Int = 1) {
        gtk_grid_attach(raw.cast(), child.widget, gint(column), gint(row), gint(width), gint(height))
    }
}

/// Shows or hides its child with a slide or fade (GtkRevealer).
@MainActor
public final class Revealer: Container {
    public enum Transition: Sendable { case slideUp, slideDown, crossfade }
    public init(child: Widget, transition: Transition, duration: Int = 250) {
        super.init(taking: UnsafeMutableRawPointer(gtk_revealer_new()))
        let gtk: GtkRevealerTransitionType = switch transition {
        case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
        case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
        case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
        }
        gtk_revealer_set_transition_type(raw.cast(), gtk)
        gtk_revealer_set_transition_duration(raw.cast(), guint(duration))
        add(child)
    }
    public var revealsChild: Bool {
        get { gtk_revealer_get_reveal_child(raw.cast()) != 0 }
        set { gtk_revealer_set_reveal_child(raw.cast(), newValue ? 1 : 0) }
    }
    /// The child is fully shown (the transition has ended).
    public var isChildRevealed: Bool { gtk_revealer_get_child_revealed(raw.cast()) != 0 }
}
