import CGdkPixbuf

/// A decoded bitmap (a GdkPixbuf), immutable once made, so it can cross threads and be shared.
public final class DecodedImage: @unchecked Sendable {
    /// The GdkPixbuf; owned by this object (one strong reference).
    public let pixbuf: OpaquePointer
    public let width: Int
    public let height: Int
    /// Bytes the pixels take: rowstride x height.
    public let cost: Int

    /// Adopts a pixbuf the caller owns a reference to (video posters come from outside the pipeline).
    public init(adopting pixbuf: OpaquePointer) {
        self.pixbuf = pixbuf
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        cost = Int(gdk_pixbuf_get_rowstride(pixbuf)) * height
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
}
