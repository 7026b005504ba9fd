import CGdkPixbuf
import Foundation

/// A decoded bitmap, immutable once made, so it can cross threads and be shared. Its pixels are
/// kept in the layout cairo draws from (32 bits a pixel in native byte order, colour premultiplied
/// by alpha; CAIRO_FORMAT_ARGB32, or RGB24 for an opaque image), made once on the decoding thread:
/// a view paints them as they are, and no view needs a copy of its own.
public final class DecodedImage: @unchecked Sendable {
    /// The pixels, `stride` bytes a row; owned by this object.
    public let pixels: UnsafeMutableRawPointer
    public let width: Int
    public let height: Int
    /// Bytes a row: four a pixel, so always a stride cairo accepts.
    public let stride: Int
    /// Whether some pixel is not fully opaque (the image had an alpha channel).
    public let hasAlpha: Bool
    /// Bytes the pixels take: stride x height.
    public let cost: Int
    /// For a frame taken from a clip, how long the clip runs (nil when it does not say).
    public let duration: Duration?

    /// Converts a pixbuf the caller owns a reference to, and lets the reference go: what stays is
    /// one copy of the pixels, in cairo's layout.
    public init(adopting pixbuf: OpaquePointer, duration: Duration? = nil) {
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        self.duration = duration
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        stride = width * 4
        cost = stride * height
        hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        pixels = malloc(max(cost, 4))!
        Self.convert(from: gdk_pixbuf_read_pixels(pixbuf), rowstride: Int(gdk_pixbuf_get_rowstride(pixbuf)),
                     channels: Int(gdk_pixbuf_get_n_channels(pixbuf)), width: width, height: height,
                     into: pixels.assumingMemoryBound(to: UInt32.self))
    }

    /// GdkPixbuf's bytes (R, G, B and maybe A, not premultiplied) to cairo's 32-bit pixels.
    private static func convert(from source: UnsafePointer<guint8>?, rowstride: Int, channels: Int, width: Int, height: Int,
                                into target: UnsafeMutablePointer<UInt32>) {
        guard let source, channels >= 3 else { return }
        for y in 0..<height {
            let row = source + y * rowstride
            let out = target + y * width
            if channels == 4 {
                for x in 0..<width {
                    let pixel = row + x * 4
                    let alpha = UInt32(pixel[3])
                    // Premultiplied, rounded: c * a / 255.
                    @inline(__always) func times(_ value: guint8) -> UInt32 {
                        let product = UInt32(value) * alpha + 128
                        return (product + (product >> 8)) >> 8
                    }
                    out[x] = alpha << 24 | times(pixel[0]) << 16 | times(pixel[1]) << 8 | times(pixel[2])
                }
            } else {
                for x in 0..<width {
                    let pixel = row + x * channels
                    out[x] = 0xFF00_0000 | UInt32(pixel[0]) << 16 | UInt32(pixel[1]) << 8 | UInt32(pixel[2])
                }
            }
        }
    }

    /// The colour at (x, y) as 0xAARRGGBB, premultiplied (tests and checks).
    public func pixel(x: Int, y: Int) -> UInt32 {
        pixels.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    deinit { free(pixels) }
}
