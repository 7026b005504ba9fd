import CGdkPixbuf

/// Pixbufs for decodes writing their own pixels: 8-bit RGB(A), rows rounded up to 4 bytes.
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
