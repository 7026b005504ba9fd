import CGtk

/// A horizontal slider (GtkScale), for seeking.
@MainActor
public final class Scale: Widget {
    private var settingValue = false

    public init(minimum: Double = 0, maximum: Double = 1, step: Double = 0.1) {
        super.init(taking: UnsafeMutableRawPointer(gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, minimum, maximum, step)))
        gtk_scale_set_draw_value(raw.cast(), 0)
    }

    public var value: Double {
        get { gtk_range_get_value(raw.cast()) }
        set {
            settingValue = true
            gtk_range_set_value(raw.cast(), newValue)
            settingValue = false
        }
    }

    public func setRange(minimum: Double, maximum: Double) {
        gtk_range_set_range(raw.cast(), minimum, maximum)
    }

    /// Called when the user moves the slider (not when `value` is set from code).
    @discardableResult
    public func onUserChange(_ body: @escaping @MainActor (Double) -> Void) -> SignalConnection {
        connect("value-changed", shape: .plain) { [weak self] _ in
            guard let self, !self.settingValue else { return false }
            body(self.value)
            return false
        }
    }
}
