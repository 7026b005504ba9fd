import CGtk
@_spi(SimulatedInput) import Gtk

/// What a person reads under a widget: the texts of its labels that are drawn.
@MainActor
public enum ShownLabels {
    /// The non-empty texts of the mapped labels under `widget`, internal children included, in the containers' order.
    public static func texts(under widget: Widget) -> [String] {
        var texts: [String] = []
        func walk(_ raw: UnsafeMutablePointer<GtkWidget>) {
            guard gtk_widget_get_mapped(raw) != 0 else { return }
            if tessera_is_a(raw, gtk_label_get_type()) != 0, let text = gtk_label_get_text(UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GtkLabel.self)) {
                let string = String(cString: text)
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
        walk(widget.gtkWidget)
        return texts
    }
}
