import CGdkPixbuf
import PictureDecoding

/// Pixbufs over memory files laid out as `DecoderWire.Pixels`, handed over without a copy.
struct MemoryFilePixels: PixelAllocating {
    func makePixbuf(width: Int, height: Int, hasAlpha: Bool) -> OpaquePointer? {
        let rowstride = (width * (hasAlpha ? 4 : 3) + 3) & ~3
        guard width > 0, height > 0, let file = PixelMemoryFile(length: rowstride * height) else { return nil }
        let release: GdkPixbufDestroyNotify = { _, file in Unmanaged<PixelMemoryFile>.fromOpaque(file!).release() }
        let retained = Unmanaged.passRetained(file).toOpaque()
        guard let pixbuf = gdk_pixbuf_new_from_data(file.start.assumingMemoryBound(to: guchar.self), GDK_COLORSPACE_RGB,
                                                    hasAlpha ? 1 : 0, 8, gint(width), gint(height), gint(rowstride),
                                                    release, retained) else {
            Unmanaged<PixelMemoryFile>.fromOpaque(retained).release()
            return nil
        }
        g_object_set_data(UnsafeMutablePointer<GObject>(pixbuf), Self.key, retained)
        return pixbuf
    }

    /// The memory file under `pixbuf`, if it was made here; it lives as long as the pixbuf.
    static func file(under pixbuf: OpaquePointer) -> PixelMemoryFile? {
        g_object_get_data(UnsafeMutablePointer<GObject>(pixbuf), key).map { Unmanaged<PixelMemoryFile>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let key = "tessera-pixel-memory-file"
}
