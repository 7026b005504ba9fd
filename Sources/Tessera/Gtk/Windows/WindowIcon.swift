import CGtk
import Dispatch

/// The X11 icon from the build tree: two PNGs decoded off the main thread, not every size on it.
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
