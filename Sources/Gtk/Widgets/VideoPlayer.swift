import CGStreamer
import CGtk
import Localization

/// Plays a video in the window: GStreamer's playbin drawing into gtksink's widget. Call `tick()`
/// (the viewer does, four times a second) to learn the position and the end of the stream.
@MainActor
public final class VideoPlayer {
    /// The widget the video is drawn in.
    public let view: Widget
    private let playbin: OpaquePointer
    public private(set) var isPlaying = false
    /// Whether `play()` has been called once.
    public private(set) var hasStarted = false
    public private(set) var reachedEnd = false
    /// Why playback stopped, if it failed.
    public private(set) var failure: String?

    /// Nil when GStreamer or its GTK sink is missing.
    public init?(uri: String) {
        guard tessera_gst_start() == nil,
              let playbin = tessera_gst_make("playbin"),
              let sink = tessera_gst_make("gtksink") else { return nil }
        tessera_gst_ref_sink(playbin)
        self.playbin = playbin
        guard let widget = tessera_gst_get_object(UnsafeMutableRawPointer(sink), "widget") else {
            tessera_gst_unref(playbin)
            tessera_gst_unref(sink)
            return nil
        }
        view = Widget(adopting: widget)
        tessera_gst_set_object(UnsafeMutableRawPointer(playbin), "video-sink", UnsafeMutableRawPointer(sink))
        tessera_gst_set_string(UnsafeMutableRawPointer(playbin), "uri", uri)
        view.hexpand = true
        view.vexpand = true
    }

    isolated deinit {
        tessera_gst_set_state(playbin, TESSERA_GST_STATE_NULL)
        tessera_gst_unref(playbin)
    }

    public func play() {
        hasStarted = true
        if reachedEnd { seek(to: .zero) }
        reachedEnd = false
        tessera_gst_set_state(playbin, TESSERA_GST_STATE_PLAYING)
        isPlaying = true
    }

    public func pause() {
        tessera_gst_set_state(playbin, TESSERA_GST_STATE_PAUSED)
        isPlaying = false
    }

    public func togglePlaying() { isPlaying ? pause() : play() }

    public var isMuted: Bool {
        get { tessera_gst_get_bool(UnsafeMutableRawPointer(playbin), "mute") != 0 }
        set { tessera_gst_set_bool(UnsafeMutableRawPointer(playbin), "mute", newValue ? 1 : 0) }
    }

    public var position: Duration? {
        var value: gint64 = -1
        guard tessera_gst_query_position(playbin, &value) != 0, value >= 0 else { return nil }
        return .nanoseconds(value)
    }

    public var duration: Duration? {
        var value: gint64 = -1
        guard tessera_gst_query_duration(playbin, &value) != 0, value > 0 else { return nil }
        return .nanoseconds(value)
    }

    public func seek(to position: Duration) {
        let nanoseconds = position.components.seconds * 1_000_000_000 + position.components.attoseconds / 1_000_000_000
        tessera_gst_seek(playbin, gint64(nanoseconds))
    }

    /// Reads what the pipeline has said since the last call: the end of the stream or an error.
    public func tick() {
        while true {
            var error: UnsafeMutablePointer<CChar>?
            switch tessera_gst_next_message(playbin, &error) {
            case TESSERA_GST_MESSAGE_END_OF_STREAM:
                reachedEnd = true
                isPlaying = false
                tessera_gst_set_state(playbin, TESSERA_GST_STATE_PAUSED)
            case TESSERA_GST_MESSAGE_ERROR:
                failure = error.map { String(cString: $0) } ?? tr("The video could not be played.")
                g_free(error)
                isPlaying = false
            default:
                return
            }
        }
    }
}
