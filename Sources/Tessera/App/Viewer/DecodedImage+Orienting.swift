import CGdkPixbuf
import HelperWire

extension DecodedImage {
    /// A copy turned `quarterTurns` quarter turns clockwise (any number, negative ones back), every frame, the
    /// original size turned with it; made off the main loop, as it copies every pixel. Itself when not turned.
    nonisolated func turned(clockwise quarterTurns: Int) async -> DecodedImage {
        let turns = (quarterTurns % 4 + 4) % 4
        guard turns != 0 else { return self }
        return await Task.detached(priority: .userInitiated) { self.turnedCopy(turns) }.value
    }

    nonisolated private func turnedCopy(_ turns: Int) -> DecodedImage {
        let angle = [GDK_PIXBUF_ROTATE_NONE, GDK_PIXBUF_ROTATE_CLOCKWISE, GDK_PIXBUF_ROTATE_UPSIDEDOWN,
                     GDK_PIXBUF_ROTATE_COUNTERCLOCKWISE][turns]
        let original = turns == 2 ? (width: originalWidth, height: originalHeight) : (width: originalHeight, height: originalWidth)
        // Four bytes a pixel whatever their order: cairo's ARGB32 turns as RGBA does.
        guard frames.isEmpty else {
            let turnedFrames = frames.map { Frame(pixbuf: gdk_pixbuf_rotate_simple($0.pixbuf, angle)!, delay: $0.delay) }
            return DecodedImage(adoptingFrames: turnedFrames, original: original, colourProfile: colourProfile)
        }
        return DecodedImage(adopting: gdk_pixbuf_rotate_simple(pixbuf, angle)!, duration: duration, original: original,
                            colourProfile: colourProfile, cairoARGB32: isCairoARGB32)
    }
}
