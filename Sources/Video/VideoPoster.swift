import CGStreamer
import Dispatch
import Foundation
import ImagePipeline
import Scheduling

/// A video's poster frame and duration, taken from the video itself with GStreamer on a queue of
/// its own, never on the main thread.
public struct VideoPoster: Sendable {
    public let image: DecodedImage
    /// Nil when the container does not say.
    public let duration: Duration?
}

public enum VideoError: Error, Equatable, Sendable, CustomStringConvertible {
    case unavailable(String)
    case noFrame
    /// Nobody wanted the poster any more by the time its turn came.
    case cancelled

    public var description: String {
        switch self {
        case .unavailable(let why): "Video support is not available (\(why))."
        case .noFrame: "The video's first frame could not be read."
        case .cancelled: "The poster was no longer needed."
        }
    }
}

public enum VideoPosters {
    /// Two at a time (each holds a decoder and a connection), below the UI's priority.
    private static let threads = BackgroundThreads(name: "tessera-posters", count: 2)

    /// The first frame of the video at `url`, scaled to fit `maximumPixelSize`, and its duration.
    /// `stillWanted` is asked when the poster's turn comes: a tile scrolled away skips the work.
    public static func load(_ url: URL, maximumPixelSize: Int, timeout: Duration = .seconds(15),
                            stillWanted: @escaping @Sendable () -> Bool = { true }) async throws(VideoError) -> VideoPoster {
        let result: Result<VideoPoster, VideoError> = await withCheckedContinuation { continuation in
            threads.async {
                guard stillWanted() else { return continuation.resume(returning: .failure(.cancelled)) }
                continuation.resume(returning: extract(url, maximumPixelSize: maximumPixelSize, timeout: timeout))
            }
        }
        return try result.get()
    }

    private static func extract(_ url: URL, maximumPixelSize: Int, timeout: Duration) -> Result<VideoPoster, VideoError> {
        if let failure = GStreamer.startFailure { return .failure(.unavailable(failure)) }
        let escaped = url.absoluteString.replacingOccurrences(of: "\"", with: "%22")
        let description = "uridecodebin uri=\"\(escaped)\" ! videoconvert ! video/x-raw,format=RGB ! appsink name=sink sync=false max-buffers=1"
        var error: UnsafeMutablePointer<CChar>?
        guard let pipeline = tessera_gst_parse_launch(description, &error) else {
            defer { g_free(error) }
            return .failure(.unavailable(error.map { String(cString: $0) } ?? "no pipeline"))
        }
        defer {
            tessera_gst_set_state(pipeline, TESSERA_GST_STATE_NULL)
            tessera_gst_unref(pipeline)
        }
        guard let sink = tessera_gst_bin_child(pipeline, "sink") else { return .failure(.unavailable("no appsink")) }
        defer { tessera_gst_unref(sink) }
        tessera_gst_set_state(pipeline, TESSERA_GST_STATE_PAUSED)
        let nanoseconds = guint64(timeout.components.seconds) * 1_000_000_000
        // Waits for the first frame, or returns at once when the stream cannot be decoded.
        guard tessera_gst_wait_for_state(pipeline, nanoseconds) != 0 else { return .failure(.noFrame) }
        guard let frame = tessera_gst_preroll_pixbuf(sink, nanoseconds) else { return .failure(.noFrame) }
        var length: gint64 = -1
        let duration: Duration? = tessera_gst_query_duration(pipeline, &length) != 0 && length > 0
            ? .nanoseconds(length) : nil
        let width = Int(gdk_pixbuf_get_width(frame)), height = Int(gdk_pixbuf_get_height(frame))
        let scale = min(1, Double(maximumPixelSize) / Double(max(width, height)))
        var pixbuf = frame
        if scale < 1, let scaled = gdk_pixbuf_scale_simple(frame, gint(max(1, Double(width) * scale)),
                                                           gint(max(1, Double(height) * scale)), GDK_INTERP_BILINEAR) {
            g_object_unref(UnsafeMutableRawPointer(frame))
            pixbuf = scaled
        }
        return .success(VideoPoster(image: DecodedImage(adopting: pixbuf), duration: duration))
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
