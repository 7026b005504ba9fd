/// A surface made on the converting queue for the main loop, with the bitmap it is made from.
final class BitmapInTheMaking: @unchecked Sendable {
    let source: any PixbufSource
    var surface: (surface: OpaquePointer, width: Int, height: Int)?

    init(source: any PixbufSource) { self.source = source }
}
