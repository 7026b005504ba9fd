import CGdkPixbuf

/// An immutable decoded bitmap, shareable across threads; an animation's frames with durations.
public final class DecodedImage: @unchecked Sendable {
    /// The GdkPixbuf (an animation's first frame); owned by this object (one strong reference).
    public let pixbuf: OpaquePointer
    public let width: Int
    public let height: Int
    /// The picture's own upright size, of which this is a scaled copy: a viewer's 100 %.
    public let originalWidth: Int
    public let originalHeight: Int
    /// The colour profile converted from to sRGB; nil when untagged.
    public let colourProfile: String?
    /// Bytes the pixels take: rowstride x height, for every frame.
    public let cost: Int
    /// For a frame taken from a clip, how long the clip runs (nil when it does not say).
    public let duration: Duration?
    /// An animation's frames in order, the first being `pixbuf`; empty for a still.
    public let frames: [Frame]
    /// Bytes are cairo's ARGB32, not RGBA: read them with cairo, never gdk-pixbuf.
    public let isCairoARGB32: Bool

    /// One frame of an animation: its pixels and how long it stays before the next.
    public struct Frame: @unchecked Sendable { // the pixbuf is immutable and owned by the image
        public let pixbuf: OpaquePointer
        public let delay: Duration

        public init(pixbuf: OpaquePointer, delay: Duration) {
            self.pixbuf = pixbuf
            self.delay = delay
        }
    }

    /// Adopts the caller's pixbuf reference; `original` is the picture's own size if scaled.
    public init(adopting pixbuf: OpaquePointer, duration: Duration? = nil, original: (width: Int, height: Int)? = nil,
                colourProfile: String? = nil, cairoARGB32: Bool = false) {
        self.pixbuf = pixbuf
        isCairoARGB32 = cairoARGB32
        self.colourProfile = colourProfile
        self.duration = duration
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        originalWidth = original?.width ?? width
        originalHeight = original?.height ?? height
        cost = Int(gdk_pixbuf_get_rowstride(pixbuf)) * height
        frames = []
    }

    /// Adopts an animation's frames (at least one), whose pixbufs the caller owns a reference to.
    public init(adoptingFrames frames: [Frame], original: (width: Int, height: Int)? = nil, colourProfile: String? = nil) {
        precondition(!frames.isEmpty, "an animation has a frame")
        pixbuf = frames[0].pixbuf
        isCairoARGB32 = false
        self.colourProfile = colourProfile
        duration = nil
        width = Int(gdk_pixbuf_get_width(pixbuf))
        height = Int(gdk_pixbuf_get_height(pixbuf))
        originalWidth = original?.width ?? width
        originalHeight = original?.height ?? height
        cost = frames.reduce(0) { $0 + Int(gdk_pixbuf_get_rowstride($1.pixbuf) * gdk_pixbuf_get_height($1.pixbuf)) }
        self.frames = frames.count > 1 ? frames : []
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        for frame in frames.dropFirst() { g_object_unref(UnsafeMutableRawPointer(frame.pixbuf)) }
    }
}
