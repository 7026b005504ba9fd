import CGtk

/// App-wide CSS in theme colours only, legible light and dark.
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
