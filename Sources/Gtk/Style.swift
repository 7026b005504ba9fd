import CGtk

/// Application-wide CSS. The app's stylesheet uses theme colours only (`@theme_fg_color`, …),
/// so light and dark themes both stay legible.
@MainActor
public final class StyleSheet: Object {
    public init(css: String) throws(GtkError) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_css_provider_new()))
        var error: UnsafeMutablePointer<GError>? = nil
        if gtk_css_provider_load_from_data(raw.cast(), css, -1, &error) == 0 {
            throw GtkError(consuming: error)
        }
    }
    /// Applies the stylesheet to every widget on the default screen.
    public func install() {
        gtk_style_context_add_provider_for_screen(gdk_screen_get_default(), OpaquePointer(raw),
                                                  guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}

/// A GLib error turned into a Swift error.
public struct GtkError: Error, CustomStringConvertible, Sendable {
    public let message: String
    init(consuming error: UnsafeMutablePointer<GError>?) {
        message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        if let error { g_error_free(error) }
    }
    public init(message: String) { self.message = message }
    public var description: String { message }
}

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
    /// Whether GTK animations are enabled (`gtk-enable-animations`).
    public var animationsEnabled: Bool {
        get { tessera_object_get_bool(settings, "gtk-enable-animations") != 0 }
        set { tessera_object_set_bool(settings, "gtk-enable-animations", newValue ? 1 : 0) }
    }
}
