import CGtk

/// An on/off switch (GtkSwitch), as GNOME's preferences rows end with.
@MainActor
public final class Switch: Widget {
    public init() {
        super.init(taking: UnsafeMutableRawPointer(gtk_switch_new()))
        valign = .center
    }

    public var isOn: Bool {
        get { gtk_switch_get_active(raw.cast()) != 0 }
        set { gtk_switch_set_active(raw.cast(), newValue ? 1 : 0) }
    }

    /// Called when the switch is turned, by the user or by `isOn`.
    @discardableResult
    public func onToggled(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("active", body)
    }
}
