import CGtk

@MainActor
public final class ScrolledWindow: Container {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_scrolled_window_new(nil, nil)))
        // No horizontal scrollbar or minimum width, so windows narrow and content reflows.
        gtk_scrolled_window_set_policy(raw.cast(), GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
    }
    /// The most height the scrolled window asks for its content (with `propagatesNaturalHeight`).
    public func setMaxContentHeight(_ height: Int) {
        gtk_scrolled_window_set_max_content_height(raw.cast(), gint(height))
    }
    /// Short content takes only its natural height; long content scrolls.
    public var propagatesNaturalHeight: Bool {
        get { gtk_scrolled_window_get_propagate_natural_height(raw.cast()) != 0 }
        set { gtk_scrolled_window_set_propagate_natural_height(raw.cast(), newValue ? 1 : 0) }
    }
    /// Kinetic (momentum) scrolling; turning it off stops a fling in progress.
    public var kineticScrolling: Bool {
        get { gtk_scrolled_window_get_kinetic_scrolling(raw.cast()) != 0 }
        set { gtk_scrolled_window_set_kinetic_scrolling(raw.cast(), newValue ? 1 : 0) }
    }
    /// Content that scrolls to focus itself, as recycled children's allocations mislead GTK.
    public func addScrollingToFocusItself(_ child: Widget) {
        add(child)
        if let viewport = gtk_widget_get_parent(child.widget), viewport != widget {
            gtk_container_set_focus_vadjustment(UnsafeMutablePointer<GtkContainer>(OpaquePointer(viewport)), nil)
            gtk_container_set_focus_hadjustment(UnsafeMutablePointer<GtkContainer>(OpaquePointer(viewport)), nil)
        }
    }
    /// Allocates the content again in place, so moved children land this frame.
    public func allocateContentAgain() {
        guard let content = gtk_bin_get_child(raw.cast()) else { return }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(content, &allocation)
        gtk_widget_size_allocate(content, &allocation)
    }

    /// The part of the content in view: its top and height, in content coordinates.
    public var visibleVerticalRange: (top: Double, height: Double) {
        let adjustment = gtk_scrolled_window_get_vadjustment(raw.cast())
        return (gtk_adjustment_get_value(adjustment), gtk_adjustment_get_page_size(adjustment))
    }
}

extension ScrolledWindow {
    /// The vertical adjustment (a new wrapper each time; handlers live with the wrapper).
    public func verticalAdjustment() -> Adjustment {
        Adjustment(taking: UnsafeMutableRawPointer(gtk_scrolled_window_get_vadjustment(raw.cast())))
    }
}
