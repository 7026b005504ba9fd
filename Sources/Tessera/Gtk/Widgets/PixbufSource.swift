
/// Something that holds a decoded GdkPixbuf (the image pipeline's images).
public protocol PixbufSource: AnyObject, Sendable {
    /// A GdkPixbuf the source keeps alive for as long as it exists.
    var pixbufPointer: OpaquePointer { get }
    /// An animation's frames with delays (empty for a still), alive with the source.
    var animationFrames: [(pixbuf: OpaquePointer, delay: Duration)] { get }
    /// Bytes already cairo's ARGB32: a surface goes over them uncopied.
    var isCairoARGB32: Bool { get }
}

extension PixbufSource {
    public var animationFrames: [(pixbuf: OpaquePointer, delay: Duration)] { [] }
    public var isCairoARGB32: Bool { false }
}
