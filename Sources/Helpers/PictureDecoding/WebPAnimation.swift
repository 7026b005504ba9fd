import CGdkPixbuf
import CWebP
import FoundationEssentials
import Glibc
import HelperWire

/// Animated WebP through libwebp: gdk-pixbuf's loader ignores the frame times given.
enum WebPAnimation {
    /// Every frame scaled and in sRGB; nil when unreadable or past `maximumFrameBytes`.
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
                // The canvas is the decoder's until the next frame; `frames` keeps its own scaled copy.
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
