/// A surface made on the rescaling queue for the main loop, with the image it is made from.
final class SurfaceInTheMaking: @unchecked Sendable {
    let source: any PixbufSource
    var surface: OpaquePointer?

    init(source: any PixbufSource) { self.source = source }
}
