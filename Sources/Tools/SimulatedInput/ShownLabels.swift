import CGtk
@_spi(SimulatedInput) import Gtk

/// What a person reads under a widget: the texts of its labels that are drawn.
@MainActor
public enum ShownLabels {
    /// The non-empty texts of the mapped labels under `widget`, internal children included, in the containers' order.
    public static func texts(under widget: Widget) -> [String] {
        texts(under: widget.gtkWidget, of: gtk_label_get_type()) { gtk_label_get_text(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkLabel.self)) }
    }

    /// The non-empty texts of the mapped entries in the window titled `title` (a file chooser's location).
    public static func entryTexts(inWindowTitled title: String) -> [String] {
        guard let window = InputSimulation.toplevel(titled: title) else { return [] }
        return texts(under: window, of: gtk_entry_get_type()) { gtk_entry_get_text(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkEntry.self)) }
    }

    private static func texts(under root: UnsafeMutablePointer<GtkWidget>, of type: GType,
                              text: (UnsafeMutablePointer<GtkWidget>) -> UnsafePointer<gchar>?) -> [String] {
        var texts: [String] = []
        func walk(_ raw: UnsafeMutablePointer<GtkWidget>) {
            guard gtk_widget_get_mapped(raw) != 0 else { return }
            if tessera_is_a(raw, type) != 0, let found = text(raw) {
                let string = String(cString: found)
                if !string.isEmpty { texts.append(string) }
            }
            guard tessera_is_a(raw, gtk_container_get_type()) != 0 else { return }
            var children: [UnsafeMutablePointer<GtkWidget>] = []
            withUnsafeMutablePointer(to: &children) { list in
                gtk_container_forall(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GtkContainer.self), { child, data in
                    guard let child, let data else { return }
                    data.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child)
                }, list)
            }
            children.forEach(walk)
        }
        walk(root)
        return texts
    }
}
