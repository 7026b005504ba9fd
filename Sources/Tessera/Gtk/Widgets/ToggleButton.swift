import CGtk

/// An icon button that stays pressed while what it shows is shown (GtkToggleButton).
@MainActor
public final class ToggleButton: Container {
    public init(iconName: String, accessibleName: String) {
        super.init(taking: UnsafeMutableRawPointer(gtk_toggle_button_new()))
        gtk_button_set_image(raw.cast(), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
        self.accessibleName = accessibleName
        self.tooltip = accessibleName
    }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(raw.cast()) != 0 }
        set { gtk_toggle_button_set_active(raw.cast(), newValue ? 1 : 0) }
    }

    /// Pressed or released, by the user or by `isActive`.
    @discardableResult
    public func onToggled(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("toggled", shape: .plain) { _ in body(); return false }
    }
}
