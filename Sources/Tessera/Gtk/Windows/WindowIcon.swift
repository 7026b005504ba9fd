import CGtk
import Dispatch

/// The window-list icon for X11 (`_NET_WM_ICON`), for runs where the desktop cannot find the app's
/// .desktop file and its themed icon (running from the build tree).
/// `gtk_window_set_default_icon_name` would make GTK decode every size of the icon, SVG included,
/// on the main thread while the first window is shown; this decodes two PNG sizes on a GCD queue
/// and hands the finished pixbufs to GTK.
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
