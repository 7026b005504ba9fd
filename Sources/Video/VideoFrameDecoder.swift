import CGStreamer
import Foundation
import ImagePipeline
import Scheduling
import Localization

/// Video posters for the image pipeline: the first frame of a clip, read by GStreamer straight
/// from its URL (streamed only as far as that frame, never downloaded whole), scaled to the size
/// shown, with the clip's length. Posters then share the pipeline's memory cache, its
/// cancellation and `ImageView` with every other picture.
public struct VideoFrameDecoder: ImageDecoding {
    /// Two at a time: each holds a GStreamer decoder and a connection.
    public static let sharedThreads = BackgroundThreads(name: "tessera-posters", count: 2)
    /// How long a clip may take to give its first frame.
    public let timeout: Duration

    /// - Parameter timeout: 15 seconds: a slow server's first megabyte, not a dead one's.
    public init(timeout: Duration = .seconds(15)) {
        self.timeout = timeout
    }

    public func decodes(_ request: ImageRequest) -> Bool { request.content == .videoFrame }
    public var readsURL: Bool { true }
    public var threads: BackgroundThreads { Self.sharedThreads }

    public func decode(_ input: ImageInput, to target: DecodingTarget) throws(ImageError) -> DecodedImage {
        guard case .url(let url) = input else { throw .noFrame(tr("no address to read")) }
        return try Self.firstFrame(of: url, target: target, timeout: timeout).get()
    }

    private static func firstFrame(of url: URL, target: DecodingTarget, timeout: Duration) -> Result<DecodedImage, ImageError> {
        if let failure = GStreamer.startFailure { return .failure(.noFrame(tr("video support is not available: {reason}", ["reason": "\(failure)"]))) }
        let escaped = url.absoluteString.replacingOccurrences(of: "\"", with: "%22")
        let description = "uridecodebin uri=\"\(escaped)\" ! videoconvert ! video/x-raw,format=RGB ! appsink name=sink sync=false max-buffers=1"
        var error: UnsafeMutablePointer<CChar>?
        guard let pipeline = tessera_gst_parse_launch(description, &error) else {
            defer { g_free(error) }
            return .failure(.noFrame(error.map { String(cString: $0) } ?? tr("no pipeline")))
        }
        defer {
            tessera_gst_set_state(pipeline, TESSERA_GST_STATE_NULL)
            tessera_gst_unref(pipeline)
        }
        guard let sink = tessera_gst_bin_child(pipeline, "sink") else { return .failure(.noFrame(tr("no appsink"))) }
        defer { tessera_gst_unref(sink) }
        tessera_gst_set_state(pipeline, TESSERA_GST_STATE_PAUSED)
        let nanoseconds = guint64(timeout.components.seconds) * 1_000_000_000
        // Waits for the first frame, or returns at once when the stream cannot be decoded.
        guard tessera_gst_wait_for_state(pipeline, nanoseconds) != 0,
              let frame = tessera_gst_preroll_pixbuf(sink, nanoseconds) else {
            return .failure(.noFrame(tr("the stream could not be decoded")))
        }
        var length: gint64 = -1
        let duration: Duration? = tessera_gst_query_duration(pipeline, &length) != 0 && length > 0
            ? .nanoseconds(length) : nil
        let width = Int(gdk_pixbuf_get_width(frame)), height = Int(gdk_pixbuf_get_height(frame))
        let (shownWidth, shownHeight) = target.size(width: width, height: height)
        var pixbuf = frame
        if shownWidth != width || shownHeight != height,
           let scaled = gdk_pixbuf_scale_simple(frame, gint(shownWidth), gint(shownHeight), GDK_INTERP_BILINEAR) {
            g_object_unref(UnsafeMutableRawPointer(frame))
            pixbuf = scaled
        }
        return .success(DecodedImage(adopting: pixbuf, duration: duration))
    }
}

/// GStreamer's one-time start-up (loading its libraries, then gst_init), safe from any thread.
public enum GStreamer {
    /// Nil once GStreamer is ready; otherwise why it is not.
    public static var startFailure: String? {
        tessera_gst_start().map { String(cString: $0) }
    }
}

extension Duration {
    /// "0:02", "1:05:09": how long a clip is, for badges and accessible names.
    public var clockText: String {
        let total = Int((Double(components.seconds) + Double(components.attoseconds) / 1e18).rounded())
        let hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, seconds) : String(format: "%d:%02d", minutes, seconds)
    }
}
