import CGtk
import Gtk

/// The menus GTK pops up on screen (an entry's context menu), read and chosen from by their labels.
@MainActor
public enum ShownMenus {
    /// The item labels of every menu on screen; submenus are read through `choose(_:in:)`.
    public static func labels() -> [String] {
        shownMenus().flatMap { items(of: $0).map(\.label) }
    }

    /// Activates the item whose label starts with `label`, in the submenu of the item labelled
    /// `submenu` when given, then closes the menus; false when there is no such item on screen.
    @discardableResult
    public static func choose(_ label: String, in submenu: String? = nil) -> Bool {
        for menu in shownMenus() {
            var searched = menu
            if let submenu {
                guard let parent = items(of: menu).first(where: { $0.label == submenu }),
                      let inner = gtk_menu_item_get_submenu(parent.item.as(GtkMenuItem.self)) else { continue }
                searched = inner
            }
            guard let item = items(of: searched).first(where: { $0.label.hasPrefix(label) }) else { continue }
            gtk_menu_item_activate(item.item.as(GtkMenuItem.self))
            gtk_menu_shell_deactivate(menu.as(GtkMenuShell.self))
            return true
        }
        return false
    }

    private static func shownMenus() -> [UnsafeMutablePointer<GtkWidget>] {
        guard let list = gtk_window_list_toplevels() else { return [] }
        defer { g_list_free(list) }
        var menus: [UnsafeMutablePointer<GtkWidget>] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            let window = current.pointee.data.assumingMemoryBound(to: GtkWidget.self)
            if gtk_widget_get_mapped(window) != 0, let child = gtk_bin_get_child(window.as(GtkBin.self)),
               g_type_check_instance_is_a(child.as(GTypeInstance.self), gtk_menu_get_type()) != 0 {
                menus.append(child)
            }
            node = current.pointee.next
        }
        return menus
    }

    private static func items(of menu: UnsafeMutablePointer<GtkWidget>) -> [(item: UnsafeMutablePointer<GtkWidget>, label: String)] {
        guard let children = gtk_container_get_children(menu.as(GtkContainer.self)) else { return [] }
        defer { g_list_free(children) }
        var found: [(UnsafeMutablePointer<GtkWidget>, String)] = []
        var node: UnsafeMutablePointer<GList>? = children
        while let current = node {
            let item = current.pointee.data.assumingMemoryBound(to: GtkWidget.self)
            if g_type_check_instance_is_a(item.as(GTypeInstance.self), gtk_menu_item_get_type()) != 0,
               let text = gtk_menu_item_get_label(item.as(GtkMenuItem.self)) {
                found.append((item, String(cString: text).replacingOccurrences(of: "_", with: "")))
            }
            node = current.pointee.next
        }
        return found
    }
}

private extension UnsafeMutablePointer<GtkWidget> {
    /// The same instance as one of its GTK classes.
    func `as`<T>(_: T.Type) -> UnsafeMutablePointer<T> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: T.self) }
}
