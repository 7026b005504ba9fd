import CGdkPixbuf

/// Where a decode that writes its own pixels (`StreamedRegions`) puts them: a pixbuf of the size
/// asked, 8 bits per channel, RGB(A), each row `width * channels` bytes rounded up to 4.
public protocol PixelAllocating: Sendable {
    /// A new pixbuf the caller owns a reference to; nil when there is no room.
    func makePixbuf(width: Int, height: Int, hasAlpha: Bool) -> OpaquePointer?
}

/// Pixels on the process's heap (gdk-pixbuf's own allocation): in-process decoding, tests.
public struct HeapPixels: PixelAllocating {
    public init() {}

    public func makePixbuf(width: Int, height: Int, hasAlpha: Bool) -> OpaquePointer? {
        gdk_pixbuf_new(GDK_COLORSPACE_RGB, hasAlpha ? 1 : 0, 8, gint(width), gint(height))
    }
}
