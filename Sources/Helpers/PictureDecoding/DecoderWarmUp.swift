import CGdkPixbuf
import FoundationEssentials
import Glibc
import HelperWire

/// Opens every file a decode would open, before confinement forbids it.
public enum DecoderWarmUp {
    /// Loader modules load at their first loader, the catalogue at the first word.
    public static func loadEverything() {
        // An empty loader closed complains ("No 'ftyp' box"); nothing here is worth a word.
        let quiet: GLogFunc = { _, _, _, _ in }
        let previous = g_log_set_default_handler(quiet, nil)
        defer { g_log_set_default_handler(previous, nil) }
        for name in Set(ImageHeader.Format.allCases.map(\.loaderName)) {
            var error: UnsafeMutablePointer<GError>? = nil
            guard let loader = gdk_pixbuf_loader_new_with_type(name, &error) else {
                if let error { g_error_free(error) }
                continue
            }
            var closeError: UnsafeMutablePointer<GError>? = nil
            gdk_pixbuf_loader_close(loader, &closeError)
            if let closeError { g_error_free(closeError) }
            g_object_unref(UnsafeMutableRawPointer(loader))
        }
        _ = PictureRefusal.notAnImage.description
    }
}
