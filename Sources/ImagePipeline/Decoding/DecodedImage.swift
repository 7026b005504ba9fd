import CGdkPixbuf

/// A decoded bitmap (a GdkPixbuf), immutable once made, so it can cross threads and be shared.
public final class DecodedImage: @unchecked Sendable {
    /// The GdkPixbuf; owned by this object (one strong reference).
    public let pixbuf: OpaquePointer
    public let width: Int
    public let height: Int
    /// Bytes the pixels take: rowstride x height.
    public let cost: Int
    /// For a frame taken from a clip, how long the clip runs (nil when it does not say).
    public let duration: Duration?

    /// Adopts a pixbuf the caller owns a reference to.
    public init(adopting pixbuf: OpaquePointer, duration: Duration? = nil) {
        self.pixbuf = pixbuf
        self.duration = duration
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        cost = Int(gdk_pixbuf_get_rowstride(pixbuf)) * height
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
}
