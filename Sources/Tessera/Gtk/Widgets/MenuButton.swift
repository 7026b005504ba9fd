import CGtk

/// A button that opens a menu model in a popover.
@MainActor
public final class MenuButton: Container {
    private let menu: MenuModel
    public init(iconName: String, accessibleName: String, menu: MenuModel) {
        self.menu = menu
        super.init(taking: UnsafeMutableRawPointer(gtk_menu_button_new()))
        let image = gtk_image_new_from_icon_name(iconName, GTK_ICON_SIZE_BUTTON)
        gtk_button_set_image(raw.cast(), image)
        gtk_menu_button_set_use_popover(raw.cast(), 1)
        gtk_menu_button_set_menu_model(raw.cast(), menu.menuModel)
        self.accessibleName = accessibleName
        self.tooltip = accessibleName
    }
    public var isActive: Bool {
        get { gtk_toggle_button_get_active(raw.cast()) != 0 }
        set { gtk_toggle_button_set_active(raw.cast(), newValue ? 1 : 0) }
    }
}
