// Runs in the app (tessera), on the main loop.

import CGtk

/// GTK 3's label links lack AtkComponent, so asking where one is logs a critical; a type derived from GTK's
/// private link type adds it (the text's extents).
@MainActor
enum LabelLinkExtents {
    /// Watches every label's links from now on; once.
    static let installed: Void = {
        // GTK registers its link type when it makes its first link.
        let label = gtk_label_new(nil)!
        g_object_ref_sink(UnsafeMutableRawPointer(label))
        gtk_label_set_markup(UnsafeMutableRawPointer(label).assumingMemoryBound(to: GtkLabel.self), "<a href=\"about:blank\">a</a>")
        _ = atk_object_get_n_accessible_children(gtk_widget_get_accessible(label))
        gtk_widget_destroy(label)
        g_object_unref(UnsafeMutableRawPointer(label))
        let gtkLink = g_type_from_name("GtkLabelAccessibleLinkImpl")
        guard gtkLink != 0, g_type_is_a(gtkLink, atk_component_get_type()) == 0 else { return }
        var query = GTypeQuery()
        g_type_query(gtkLink, &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        let located = g_type_register_static(gtkLink, "TesseraLocatedLabelLink", &info, GTypeFlags(rawValue: 0))
        var component = GInterfaceInfo(interface_init: { iface, _ in
            iface?.assumingMemoryBound(to: AtkComponentIface.self).pointee.get_extents = linkExtents
        }, interface_finalize: nil, interface_data: nil)
        g_type_add_interface_static(located, atk_component_get_type(), &component)
        types = (gtkLink, located)
        let childrenChanged = g_signal_lookup("children-changed", atk_object_get_type())
        g_signal_add_emission_hook(childrenChanged, 0, { _, count, values, _ in
            guard count >= 3, let values, let types = LabelLinkExtents.types,
                  let child = g_value_get_pointer(values + 2)?.assumingMemoryBound(to: GTypeInstance.self),
                  child.pointee.g_class.pointee.g_type == types.gtk else { return 1 }
            // Same size and functions plus an interface; the instance refs its new class as g_object_new would.
            child.pointee.g_class = g_type_class_ref(types.located).assumingMemoryBound(to: GTypeClass.self)
            return 1
        }, nil, nil)
    }()

    /// GTK's link type and the one derived from it, once installed.
    nonisolated(unsafe) private static var types: (gtk: GType, located: GType)?
}

/// The link text's extents in its label; all -1 once it left.
private func linkExtents(_ component: OpaquePointer?, _ x: UnsafeMutablePointer<gint>?, _ y: UnsafeMutablePointer<gint>?,
                         _ width: UnsafeMutablePointer<gint>?, _ height: UnsafeMutablePointer<gint>?, _ coordinates: AtkCoordType) {
    var rectangle = AtkTextRectangle(x: -1, y: -1, width: -1, height: -1)
    defer {
        x?.pointee = rectangle.x
        y?.pointee = rectangle.y
        width?.pointee = rectangle.width
        height?.pointee = rectangle.height
    }
    guard let component, let parent = atk_object_get_parent(UnsafeMutableRawPointer(component).assumingMemoryBound(to: AtkObject.self)),
          tessera_is_a(parent, atk_text_get_type()) != 0,
          let link = atk_hyperlink_impl_get_hyperlink(component) else { return }
    let start = atk_hyperlink_get_start_index(link), end = atk_hyperlink_get_end_index(link)
    g_object_unref(link)
    atk_text_get_range_extents(OpaquePointer(parent), start, end, coordinates, &rectangle)
}
