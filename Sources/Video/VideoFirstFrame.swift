import CGStreamer
import Foundation
import ImagePipeline
import Localization

/// The first frame of a clip, read by GStreamer in this process from the clip's bytes in a memory
/// file (`clip`, a descriptor it reads and seeks), scaled to the size shown, with the clip's
/// length. Only `tessera-poster` calls it: GStreamer's decoders (libav, with its hundred-odd
/// libraries) stay out of the app (`VideoFrameDecoder`).
public enum VideoFirstFrame {
    public static func read(_ clip: Int32, target: DecodingTarget, timeout: Duration) -> Result<DecodedImage, ImageError> {
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

/// GStreamer's one-time start-up (loading its libraries, then gst_init), safe from any thread.
public enum GStreamer {
    /// Nil once GStreamer is ready; otherwise why it is not.
    public static var startFailure: String? {
        tessera_gst_start().map { String(cString: $0) }
    }

    /// What reading a clip's first frame can use, by plugin, from the packages
    /// .ci/install-deps.sh installs (GStreamer's base and good sets and libav): the source, type
    /// finding and `decodebin`, the containers the web's clips come in (MP4, WebM and Matroska,
    /// Ogg) and their tags, audio parsers for their sound, the decoders (libav's, libvpx's,
    /// Theora), the conversion and the sink.
    public static let posterPlugins = ["coreelements", "typefindfunctions", "playback", "app", "isomp4", "matroska", "ogg",
                                       "audioparsers", "id3demux", "libav", "vpx", "theora", "videoconvertscale"]

    /// What playing a clip adds (the helper decodes its sound too): conversion and resampling to
    /// the app's one format, and the sound decoders outside libav (Opus, Vorbis).
    public static let playerPlugins = posterPlugins + ["audioconvert", "audioresample", "opus", "vorbis"]

    /// Loads `plugins` now, before a helper is confined (afterwards it can open no file); returns
    /// those that could not be loaded (not installed).
    public static func load(_ plugins: [String]) -> [String] {
        guard startFailure == nil else { return plugins }
        return plugins.filter { tessera_gst_load_plugin($0) == 0 }
    }

    /// `load`, in a helper about to confine itself: plugins that are not installed are said on
    /// standard error, which the app's log keeps (the clips that need them fail in words).
    public static func loadBeforeConfinement(_ plugins: [String], program: String) {
        let missing = load(plugins)
        if !missing.isEmpty {
            FileHandle.standardError.write(Data("\(program): plugins not installed: \(missing.joined(separator: ", "))\n".utf8)) // not translated
        }
    }
}
