
/// Something that holds a decoded GdkPixbuf (the image pipeline's images).
public protocol PixbufSource: AnyObject, Sendable {
    /// A GdkPixbuf the source keeps alive for as long as it exists.
    var pixbufPointer: OpaquePointer { get }
    /// An animation's frames in order (the first is `pixbufPointer`) with how long each shows;
    /// empty for a still. Kept alive as long as the source.
    var animationFrames: [(pixbuf: OpaquePointer, delay: Duration)] { get }
    /// The pixbuf's bytes are already cairo's ARGB32 (premultiplied, native-endian words), not
    /// RGBA: a surface is made over them, with no copy.
    var isCairoARGB32: Bool { get }
}

extension PixbufSource {
    public var animationFrames: [(pixbuf: OpaquePointer, delay: Duration)] { [] }
    public var isCairoARGB32: Bool { false }
}
