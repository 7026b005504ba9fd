import CGtk

@MainActor
public final class Button: Container {
    public init(label: String) {
        super.init(taking: UnsafeMutableRawPointer(gtk_button_new_with_mnemonic(label)))
    }
    /// A button around any widget (a picture tile, an icon with a caption).
    public init(child: Widget) {
        super.init(taking: UnsafeMutableRawPointer(gtk_button_new()))
        add(child)
    }
    /// An icon-only button; `accessibleName` names it for screen readers and the tooltip.
    public init(iconName: String, accessibleName: String) {
        super.init(taking: UnsafeMutableRawPointer(gtk_button_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)))
        self.accessibleName = accessibleName
        self.tooltip = accessibleName
    }
    public var label: String? {
        get { gtk_button_get_label(raw.cast()).map { String(cString: $0) } }
        set { gtk_button_set_label(raw.cast(), newValue) }
    }
    /// Emits "clicked", as a mouse click or keyboard activation would.
    public func click() { gtk_button_clicked(raw.cast()) }
    /// Shows a themed icon instead of what the button showed (play ↔ pause).
    public func setIcon(_ iconName: String) {
        gtk_button_set_image(raw.cast(), gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON))
    }
    /// The themed icon's name the button shows, if it shows one.
    public var iconName: String? {
        guard let image = gtk_button_get_image(raw.cast()) else { return nil }
        var name: UnsafePointer<gchar>? = nil
        gtk_image_get_icon_name(UnsafeMutableRawPointer(image).assumingMemoryBound(to: GtkImage.self), &name, nil)
        return name.map { String(cString: $0) }
    }
    /// The icon widget shown now, by identity (tests: whether it was replaced).
    public var iconIdentity: UnsafeMutableRawPointer? { gtk_button_get_image(raw.cast()).map(UnsafeMutableRawPointer.init) }
    @discardableResult
    public func onClicked(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("clicked", shape: .plain) { _ in body(); return false }
    }
    /// Sets the action this button activates, e.g. "win.back".
    public var actionName: String? {
        get { gtk_actionable_get_action_name(OpaquePointer(raw)).map { String(cString: $0) } }
        set { gtk_actionable_set_action_name(OpaquePointer(raw), newValue) }
    }
}
