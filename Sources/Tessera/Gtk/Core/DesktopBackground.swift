import CGtk
import Foundation
import Localization

/// GNOME's desktop background (`org.gnome.desktop.background`), for the light and the dark style.
public enum DesktopBackground {
    /// Makes the picture file at `file` the background, zoomed to fill the screen; what went wrong in words, or nil.
    @MainActor
    public static func set(to file: URL) -> String? {
        // In a sandbox GSettings writes the sandbox's own copy; the desktop portal is the way there.
        if FileManager.default.fileExists(atPath: "/.flatpak-info") {
            return tr("Setting the background from Flatpak's sandbox is not supported yet.")
        }
        guard let source = g_settings_schema_source_get_default(),
              let schema = g_settings_schema_source_lookup(source, "org.gnome.desktop.background", 1) else {
            return tr("This desktop has no background setting Tessera knows (GNOME's is not installed).")
        }
        defer { g_settings_schema_unref(schema) }
        let settings = g_settings_new_full(schema, nil, nil)
        defer { g_object_unref(UnsafeMutableRawPointer(settings)) }
        let uri = file.absoluteString
        var keys = ["picture-uri"]
        if g_settings_schema_has_key(schema, "picture-uri-dark") != 0 { keys.append("picture-uri-dark") }
        for key in keys where g_settings_set_string(settings, key, uri) == 0 {
            return tr("The background setting would not take the picture.")
        }
        _ = g_settings_set_string(settings, "picture-options", "zoom")
        return nil
    }
}
