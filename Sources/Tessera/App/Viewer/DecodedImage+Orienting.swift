import CGdkPixbuf
import Domain
import HelperWire

extension DecodedImage {
    /// A copy shown as `orientation` (mirrored, then turned), every frame, the original size turned with it; made
    /// off the main loop, as it copies every pixel. Itself when upright.
    nonisolated func oriented(_ orientation: PictureOrientation) async -> DecodedImage {
        guard !orientation.isUpright else { return self }
        return await Task.detached(priority: .userInitiated) { self.orientedCopy(orientation) }.value
    }

    nonisolated private func orientedCopy(_ orientation: PictureOrientation) -> DecodedImage {
        let original = orientation.swapsSides ? (width: originalHeight, height: originalWidth) : (width: originalWidth, height: originalHeight)
        // Four bytes a pixel whatever their order: cairo's ARGB32 turns as RGBA does.
        guard frames.isEmpty else {
            let orientedFrames = frames.map { Frame(pixbuf: Self.oriented($0.pixbuf, orientation), delay: $0.delay) }
            return DecodedImage(adoptingFrames: orientedFrames, original: original, colourProfile: colourProfile)
        }
        return DecodedImage(adopting: Self.oriented(pixbuf, orientation), duration: duration, original: original,
                            colourProfile: colourProfile, cairoARGB32: isCairoARGB32)
    }

    /// A new pixbuf of `pixbuf` mirrored left to right (when the orientation is), then turned.
    nonisolated private static func oriented(_ pixbuf: OpaquePointer, _ orientation: PictureOrientation)
        -> OpaquePointer {
        let angle = [GDK_PIXBUF_ROTATE_NONE, GDK_PIXBUF_ROTATE_CLOCKWISE, GDK_PIXBUF_ROTATE_UPSIDEDOWN,
                     GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE][orientation.quarterTurns]
        guard orientation.mirrored else { return gdk_pixbuf_rotate_simple(pixbuf, angle)! }
        let mirrored = gdk_pixbuf_flip(pixbuf, 1)!
        guard orientation.quarterTurns != 0 else { return mirrored }
        defer { g_object_unref(UnsafeMutableRawPointer(mirrored)) }
        return gdk_pixbuf_rotate_simple(mirrored, angle)!
    }
}
