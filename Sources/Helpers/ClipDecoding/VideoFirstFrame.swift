import CGStreamer
import HelperWire
import FoundationEssentials
import Glibc
import Localization

/// A clip's first frame scaled to the size shown, with its length; `tessera-poster` only.
public enum VideoFirstFrame {
    public static func read(_ clip: Int32, target: DecodingTarget, timeout: Duration) -> Result<DecodedImage, PictureRefusal> {
        if let failure = GStreamer.startFailure { return .failure(.noFrame(tr("video support is not available: {reason}", ["reason": "\(failure)"]))) }
        let description = "fdsrc fd=\(clip) ! decodebin ! videoconvert ! video/x-raw,format=RGB ! appsink name=sink sync=false max-buffers=1"
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
        tessera_gst_decode_on_one_thread(pipeline)
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
