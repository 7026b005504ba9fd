import CGtk

/// A GMenu: the model behind the primary menu.
@MainActor
public final class MenuModel {
    let model: OpaquePointer
    public init() { model = g_menu_new() }
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(model)) }

    /// Appends an item that activates `detailedAction` ("app.about", "app.appearance::dark").
    public func append(_ label: String, action detailedAction: String) {
        g_menu_append(model, label, detailedAction)
    }
    /// Appends a section (a group separated by lines), optionally titled.
    public func appendSection(_ label: String? = nil, _ section: MenuModel) {
        g_menu_append_section(model, label, section.menuModel)
    }
    public func appendSubmenu(_ label: String, _ submenu: MenuModel) {
        g_menu_append_submenu(model, label, submenu.menuModel)
    }
    /// The labels of the items, sections flattened, for tests.
    public var itemLabels: [String] { Self.labels(of: menuModel) }
    var menuModel: UnsafeMutablePointer<GMenuModel> { UnsafeMutablePointer(model) }

    private static func labels(of model: UnsafeMutablePointer<GMenuModel>) -> [String] {
        var result: [String] = []
        for index in 0..<g_menu_model_get_n_items(model) {
            var label: UnsafeMutablePointer<gchar>? = nil
            if let value = g_menu_model_get_item_attribute_value(model, index, "label", nil) {
                label = g_variant_dup_string(value, nil)
                g_variant_unref(value)
            }
            if let label { result.append(String(cString: label)); g_free(label) }
            for link in ["section", "submenu"] {
                if let child = g_menu_model_get_item_link(model, index, link) {
                    result += labels(of: child)
                    g_object_unref(UnsafeMutableRawPointer(child))
                }
            }
        }
        return result
    }
}
