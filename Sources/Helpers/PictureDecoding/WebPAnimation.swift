import CGdkPixbuf
import CWebP
import FoundationEssentials
import Glibc
import HelperWire

/// An animated WebP's frames through libwebp: gdk-pixbuf's WebP loader does not step frames by the times it is
/// given.
enum WebPAnimation {
    /// Every composited frame, scaled to `target`, in sRGB from `profile`; nil when unreadable or past
    /// `DecodingLimits.maximumFrameBytes`.
    static func frames(of data: Data, target: DecodingTarget, profile: Data?, original: (width: Int, height: Int)) -> DecodedImage? {
        data.withUnsafeBytes { bytes -> DecodedImage? in
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return nil }
            options.color_mode = MODE_RGBA
            options.use_threads = 0
            var input = WebPData(bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), size: bytes.count)
            guard let decoder = WebPAnimDecoderNew(&input, &options) else { return nil }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0, info.canvas_width > 0, info.canvas_height > 0 else { return nil }
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            var frames = AnimationFrames(target: target, profile: profile)
            var previous: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                // The canvas stays the decoder's, valid until the next frame: it is looked at in
                // place, and `frames` keeps its own copy at the size shown.
                guard WebPAnimDecoderGetNext(decoder, &canvas, &end) != 0, let canvas,
                      let shown = gdk_pixbuf_new_from_data(canvas, GDK_COLORSPACE_RGB, 1, 8, gint(width), gint(height),
                                                           gint(width * 4), nil, nil) else { break }
                defer { g_object_unref(UnsafeMutableRawPointer(shown)) }
                // A frame's timestamp is when it ends.
                let milliseconds = Int(end - previous)
                previous = end
                guard frames.append(shown, milliseconds: milliseconds) else { break }
            }
            guard frames.count > 1 else {
                frames.discard()
                return nil
            }
            return frames.image(original: original)
        }
    }
}
