import CGtk
import Dispatch

/// The X11 window icon for runs without the installed .desktop file: two PNG sizes decoded on a GCD queue,
/// where `gtk_window_set_default_icon_name` would decode every size on the main thread.
public enum WindowIcon {
    /// Decodes the PNG files off the main thread, then sets them as the default icon list.
    @MainActor
    public static func setDefault(fromPNGs paths: [String]) {
        DispatchQueue.global(qos: .utility).async {
            let pixbufs = PixbufList(paths.compactMap { path -> OpaquePointer? in
                var error: UnsafeMutablePointer<GError>? = nil
                let pixbuf = gdk_pixbuf_new_from_file(path, &error)
                if let error { g_error_free(error) }
                return pixbuf
            })
            DispatchQueue.main.async {
                MainActor.assumeIsolated { pixbufs.installAsDefault() }
            }
        }
    }
}
