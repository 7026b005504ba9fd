import CDescriptorPassing
import CGdkPixbuf
import FoundationEssentials
import Glibc

/// A helper's sealed memory file mapped privately under a picture's pixbufs, unmapped with the last.
public final class MappedPixels: @unchecked Sendable { // the mapping is read-only in practice and freed once
    private let start: UnsafeMutableRawPointer
    private let length: Int

    private init(start: UnsafeMutableRawPointer, length: Int) {
        self.start = start
        self.length = length
    }

    deinit {
        munmap(start, length)
    }

    /// The picture in `descriptor` (still the caller's); nil when unsealed or too short.
    public static func image(_ pixels: DecoderWire.Pixels, from descriptor: Int32) -> DecodedImage? {
        guard tessera_is_sealed(descriptor, pixels.byteCount) == 1,
              let start = mmap(nil, pixels.byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0),
              start != MAP_FAILED else { return nil }
        let mapping = MappedPixels(start: start, length: pixels.byteCount)
        let release: GdkPixbufDestroyNotify = { _, mapping in
            Unmanaged<MappedPixels>.fromOpaque(mapping!).release()
        }
        var frames: [DecodedImage.Frame] = []
        for index in 0..<pixels.frameCount {
            let frameStart = (start + index * pixels.frameBytes).assumingMemoryBound(to: guchar.self)
            guard let pixbuf = gdk_pixbuf_new_from_data(frameStart, GDK_COLORSPACE_RGB, pixels.channels == 4 ? 1 : 0, 8,
                                                        gint(pixels.width), gint(pixels.height), gint(pixels.rowstride),
                                                        release, Unmanaged.passRetained(mapping).toOpaque()) else {
                frames.forEach { g_object_unref(UnsafeMutableRawPointer($0.pixbuf)) }
                return nil
            }
            let delay = index < pixels.delays.count ? Duration.milliseconds(pixels.delays[index]) : .zero
            frames.append(DecodedImage.Frame(pixbuf: pixbuf, delay: delay))
        }
        let original = (pixels.originalWidth, pixels.originalHeight)
        return frames.count == 1 ? DecodedImage(adopting: frames[0].pixbuf, original: original, colourProfile: pixels.colourProfile,
                                                cairoARGB32: pixels.premultiplied)
            : DecodedImage(adoptingFrames: frames, original: original, colourProfile: pixels.colourProfile)
    }
}
