import CGdkPixbuf
import CPixels
import Foundation

/// A decoded bitmap in the layout the screen paints: 32 bits a pixel with premultiplied alpha in
/// native byte order (cairo's ARGB32), rows `stride` bytes apart. Made on the decoding threads
/// and immutable once made, so it can cross threads and be shared; a picture shown at the size it
/// was decoded for paints these bytes as they are, with no copy and no conversion on the main
/// thread.
public final class DecodedImage: @unchecked Sendable {
    /// The pixels; owned by this object.
    public let pixels: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// Bytes the pixels take: stride x height.
    public var cost: Int { stride * height }
    /// For a frame taken from a clip, how long the clip runs (nil when it does not say).
    public let duration: Duration?

    /// A bitmap of `width` x `height` for the caller to fill (all pixels transparent).
    public init(width: Int, height: Int, duration: Duration? = nil) {
        self.width = width
        self.height = height
        self.duration = duration
        stride = width * 4
        // calloc: a large block comes straight from the system, already zero, touched only as
        // it is written.
        pixels = calloc(1, max(1, stride * height))!
    }

    /// The pixels of a GdkPixbuf (8-bit RGB or RGBA), converted; the pixbuf stays the caller's.
    public convenience init(converting pixbuf: OpaquePointer, duration: Duration? = nil) {
        self.init(width: Int(gdk_pixbuf_get_width(pixbuf)), height: Int(gdk_pixbuf_get_height(pixbuf)), duration: duration)
        tessera_pixels_to_premultiplied_argb(gdk_pixbuf_read_pixels(pixbuf), gint(width), gint(height),
                                             gdk_pixbuf_get_rowstride(pixbuf), gdk_pixbuf_get_n_channels(pixbuf),
                                             pixels.assumingMemoryBound(to: UInt8.self), gint(stride))
    }

    /// The pixel at (`x`, `y`) as 0xAARRGGBB, alpha premultiplied.
    public func pixel(x: Int, y: Int) -> UInt32 {
        pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    deinit { free(pixels) }
}
