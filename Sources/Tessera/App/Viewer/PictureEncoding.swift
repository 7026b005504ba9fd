import CGdkPixbuf
import Domain
import Foundation
import HelperWire

/// A picture as the viewer shows it, written as a file's bytes: a JPEG again at quality 95, anything else as a
/// lossless PNG (what every gdk-pixbuf writes). Only encodes: no byte from outside is read here.
enum PictureEncoding {
    /// Its first frame's bytes and their format; nil when the encoder failed. Call off the main loop.
    static func encoded(_ image: DecodedImage, like original: PictureFormat?) -> (bytes: Data, format: PictureFormat)? {
        let format: PictureFormat = original == .jpeg ? .jpeg : .png
        var buffer: UnsafeMutablePointer<gchar>?
        var size: gsize = 0
        var error: UnsafeMutablePointer<GError>?
        let pixbuf = image.frames.first?.pixbuf ?? image.pixbuf
        guard tessera_pixbuf_save_at_quality(pixbuf, &buffer, &size, format == .jpeg ? "jpeg" : "png", "95", &error) != 0,
              let buffer else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_free(buffer) }
        return (Data(bytes: buffer, count: Int(size)), format)
    }
}
