// Runs in the decoder helper (tessera-decoder), confined; never the app.

import CGdkPixbuf
import FoundationEssentials
import Glibc
import HelperWire

/// An animation's frames at the size shown in sRGB with durations, within `maximumFrameBytes`.
struct AnimationFrames {
    let target: DecodingTarget
    /// The file's colour profile, for frames whose loader does not carry one.
    let profile: Data?
    private var frames: [DecodedImage.Frame] = []
    private var bytes = 0
    private var overCap = false

    init(target: DecodingTarget, profile: Data? = nil) {
        self.target = target
        self.profile = profile
    }

    var count: Int { frames.count }

    /// Keeps a scaled copy of `frame`; false past the cap (all frames go, the still shows).
    mutating func append(_ frame: OpaquePointer, milliseconds: Int) -> Bool {
        let size = (Int(gdk_pixbuf_get_width(frame)), Int(gdk_pixbuf_get_height(frame)))
        let (width, height) = target.size(width: size.0, height: size.1)
        guard let kept = (width, height) == size
                ? gdk_pixbuf_copy(frame) : gdk_pixbuf_scale_simple(frame, gint(width), gint(height), GDK_INTERP_BILINEAR) else { return false }
        ColourProfiles.shared.convertToSRGB(kept, fileProfile: profile)
        let delay: Duration = milliseconds <= 10
            ? PixbufImageDecoder.fastFrame : max(PixbufImageDecoder.shortestFrame, .milliseconds(milliseconds))
        frames.append(DecodedImage.Frame(pixbuf: kept, delay: delay))
        bytes += Int(gdk_pixbuf_get_rowstride(kept)) * height
        guard bytes <= DecodingLimits.maximumFrameBytes else {
            discard()
            overCap = true
            return false
        }
        return true
    }

    /// Lets every frame kept go.
    mutating func discard() {
        for frame in frames { g_object_unref(UnsafeMutableRawPointer(frame.pixbuf)) }
        frames = []
    }

    /// The animation, owning its frames; nil when none was kept or they went over the cap.
    func image(original: (width: Int, height: Int)) -> DecodedImage? {
        overCap || frames.isEmpty ? nil : DecodedImage(adoptingFrames: frames, original: original)
    }
}
