import CGdkPixbuf
import CWebP
import Foundation

/// The frames of an animated WebP, through libwebp's own animation decoder: gdk-pixbuf's WebP
/// loader (webp-pixbuf-loader 0.2) does not step its frames by the times it is given (it showed
/// frames 0, 0, 1, 0, 0 of a three-frame clip at 0, 100, 200, 300 and 400 ms).
enum WebPAnimation {
    /// Every frame of `data` (composited on the canvas, as shown), scaled to `target` and in sRGB
    /// from `profile` when it has one; nil when libwebp cannot read it or the frames would hold
    /// more than `maximumBytes` (the still is shown then).
    static func frames(of data: Data, target: DecodingTarget, profile: Data?, maximumBytes: Int) -> DecodedImage? {
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
            let (shownWidth, shownHeight) = target.size(width: width, height: height)
            var frames: [DecodedImage.Frame] = []
            var total = 0, previous: Int32 = 0
            func release() { for frame in frames { g_object_unref(UnsafeMutableRawPointer(frame.pixbuf)) } }
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                // The canvas stays the decoder's, valid until the next frame.
                guard WebPAnimDecoderGetNext(decoder, &canvas, &end) != 0, let canvas,
                      let full = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, gint(width), gint(height)) else { break }
                let stride = Int(gdk_pixbuf_get_rowstride(full))
                let pixels = gdk_pixbuf_get_pixels(full)!
                for row in 0..<height {
                    (pixels + row * stride).update(from: canvas + row * width * 4, count: width * 4)
                }
                if let profile { ColourProfiles.shared.convertToSRGB(full, fileProfile: profile) }
                let frame = (shownWidth, shownHeight) == (width, height)
                    ? full : gdk_pixbuf_scale_simple(full, gint(shownWidth), gint(shownHeight), GDK_INTERP_BILINEAR)
                if frame != full { g_object_unref(UnsafeMutableRawPointer(full)) }
                guard let frame else { break }
                // A frame's timestamp is when it ends.
                let milliseconds = Int(end - previous)
                previous = end
                let delay: Duration = milliseconds <= 10 ? PixbufImageDecoder.fastFrame : max(PixbufImageDecoder.shortestFrame, .milliseconds(milliseconds))
                frames.append(DecodedImage.Frame(pixbuf: frame, delay: delay))
                total += Int(gdk_pixbuf_get_rowstride(frame)) * shownHeight
                guard total <= maximumBytes else {
                    release()
                    return nil
                }
            }
            guard frames.count > 1 else {
                release()
                return nil
            }
            return DecodedImage(adoptingFrames: frames)
        }
    }
}
