import CGtk

/// A scrolled window's scroll position and extent (GtkAdjustment).
@MainActor
public final class Adjustment: Object {
    public var value: Double {
        get { gtk_adjustment_get_value(raw.cast()) }
        set { gtk_adjustment_set_value(raw.cast(), newValue) }
    }
    /// Set first so a value past the old end can be set before the next layout.
    public var upper: Double {
        get { gtk_adjustment_get_upper(raw.cast()) }
        set { gtk_adjustment_set_upper(raw.cast(), newValue) }
    }
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
