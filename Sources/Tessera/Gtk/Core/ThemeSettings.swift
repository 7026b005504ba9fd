import CGtk

/// GTK's process-wide settings: the dark-variant preference and the theme in use.
@MainActor
public final class ThemeSettings {
    private let settings: UnsafeMutablePointer<GtkSettings>
    public init() { settings = gtk_settings_get_default() }

    /// Whether applications ask for the theme's dark variant (`gtk-application-prefer-dark-theme`).
    public var prefersDark: Bool {
        get { tessera_object_get_bool(settings, "gtk-application-prefer-dark-theme") != 0 }
        set { tessera_object_set_bool(settings, "gtk-application-prefer-dark-theme", newValue ? 1 : 0) }
    }
    /// The GTK theme name ("Adwaita", "Adwaita-dark", …).
    public var themeName: String {
        guard let name = tessera_object_get_string(settings, "gtk-theme-name") else { return "" }
        defer { g_free(name) }
        return String(cString: name)
    }
    /// The desktop's window buttons in header bars (`gtk-decoration-layout`).
    public var decorationLayout: String {
        guard let layout = tessera_object_get_string(settings, "gtk-decoration-layout") else { return "" }
        defer { g_free(layout) }
        return String(cString: layout)
    }
    /// Whether GTK animations are enabled (`gtk-enable-animations`).
    public var animationsEnabled: Bool {
        get { tessera_object_get_bool(settings, "gtk-enable-animations") != 0 }
        set { tessera_object_set_bool(settings, "gtk-enable-animations", newValue ? 1 : 0) }
    }
}
