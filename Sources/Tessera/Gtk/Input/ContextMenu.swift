import CGtk

/// A context menu built from a menu model, popped up over a widget.
@MainActor
public final class ContextMenu: Container {
    private let model: MenuModel

    public init(model: MenuModel) {
        self.model = model
        super.init(taking: UnsafeMutableRawPointer(gtk_menu_new_from_model(model.menuModel)))
    }

    /// Opens the menu over `widget`, below its centre.
    public func popup(over widget: Widget) {
        gtk_menu_attach_to_widget(raw.cast(), widget.widget, nil)
        gtk_menu_popup_at_widget(raw.cast(), widget.widget, GDK_GRAVITY_CENTER, GDK_GRAVITY_NORTH_WEST, nil)
    }

    public func close() { gtk_menu_popdown(raw.cast()) }

    /// The items' labels as shown (mnemonic underscores removed).
    public var itemLabels: [String] { items().map(\.label) }

    /// Activates `label`'s item as a click does: the menu closes, then it runs.
    @discardableResult
    public func activateItem(_ label: String) -> Bool {
        guard let item = items().first(where: { $0.label == label }) else { return false }
        gtk_menu_shell_activate_item(raw.cast(), UnsafeMutableRawPointer(item.pointer).cast(), 1)
        return true
    }

    private func items() -> [(label: String, pointer: UnsafeMutablePointer<GtkMenuItem>)] {
        consumeList(gtk_container_get_children(container)).compactMap { child in
            let item: UnsafeMutablePointer<GtkMenuItem> = child.cast()
            guard let label = gtk_menu_item_get_label(item) else { return nil }
            return (String(cString: label).replacingOccurrences(of: "_", with: ""), item)
        }
    }
}
