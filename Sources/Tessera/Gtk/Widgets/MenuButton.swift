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
    /// Clicks the item of its popover labelled `label` (mnemonic marks left out); false when there is none.
    @discardableResult
    public func activateItem(_ label: String) -> Bool {
        guard let popover = gtk_menu_button_get_popover(raw.cast()) else { return false }
        let modelButton = g_type_from_name("GtkModelButton")
        var pending: [UnsafeMutablePointer<GtkWidget>] = [UnsafeMutableRawPointer(popover).cast()]
        while let widget = pending.popLast() {
            if modelButton != 0, tessera_is_a(widget, modelButton) != 0, let text = tessera_object_get_string(widget, "text") {
                defer { g_free(text) }
                if String(cString: text).replacingOccurrences(of: "_", with: "") == label {
                    gtk_button_clicked(UnsafeMutableRawPointer(widget).cast())
                    return true
                }
            }
            guard tessera_is_a(widget, gtk_container_get_type()) != 0, let children = gtk_container_get_children(UnsafeMutableRawPointer(widget).cast()) else { continue }
            var node: UnsafeMutablePointer<GList>? = children
            while let current = node {
                pending.append(current.pointee.data.assumingMemoryBound(to: GtkWidget.self))
                node = current.pointee.next
            }
            g_list_free(children)
        }
        return false
    }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(raw.cast()) != 0 }
        set { gtk_toggle_button_set_active(raw.cast(), newValue ? 1 : 0) }
    }
}
