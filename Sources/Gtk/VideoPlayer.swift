import CGStreamer
import CGtk

/// Plays a video in the window: GStreamer's playbin drawing into gtksink's widget. Call `tick()`
/// (the viewer does, four times a second) to learn the position and the end of the stream.
@MainActor
public final class VideoPlayer {
    /// The widget the video is drawn in.
    public let view: Widget
    private let playbin: UnsafeMutablePointer<GstElement>
    public private(set) var isPlaying = false
    /// Whether `play()` has been called once.
    public private(set) var hasStarted = false
    public private(set) var reachedEnd = false
    /// Why playback stopped, if it failed.
    public private(set) var failure: String?

    /// Nil when GStreamer or its GTK sink is missing.
    public init?(uri: String) {
        var error: UnsafeMutablePointer<GError>?
        guard gst_init_check(nil, nil, &error) != 0 else {
            if let error { g_error_free(error) }
            return nil
        }
        guard let playbin = gst_element_factory_make("playbin", nil),
              let sink = gst_element_factory_make("gtksink", nil) else { return nil }
        gst_object_ref_sink(UnsafeMutableRawPointer(playbin))
        self.playbin = playbin
        guard let widget = tessera_gst_get_object(UnsafeMutableRawPointer(sink), "widget") else {
            gst_object_unref(UnsafeMutableRawPointer(playbin))
            gst_object_unref(UnsafeMutableRawPointer(sink))
            return nil
        }
        view = Widget(adopting: widget)
        tessera_gst_set_object(UnsafeMutableRawPointer(playbin), "video-sink", UnsafeMutableRawPointer(sink))
        tessera_gst_set_string(UnsafeMutableRawPointer(playbin), "uri", uri)
        view.hexpand = true
        view.vexpand = true
    }

    isolated deinit {
        gst_element_set_state(playbin, GST_STATE_NULL)
        gst_object_unref(UnsafeMutableRawPointer(playbin))
    }

    public func play() {
        hasStarted = true
        if reachedEnd { seek(to: .zero) }
        reachedEnd = false
        gst_element_set_state(playbin, GST_STATE_PLAYING)
        isPlaying = true
    }

    public func pause() {
        gst_element_set_state(playbin, GST_STATE_PAUSED)
        isPlaying = false
    }

    public func togglePlaying() { isPlaying ? pause() : play() }

    public var isMuted: Bool {
        get { tessera_gst_get_bool(UnsafeMutableRawPointer(playbin), "mute") != 0 }
        set { tessera_gst_set_bool(UnsafeMutableRawPointer(playbin), "mute", newValue ? 1 : 0) }
    }

    public var position: Duration? {
        var value: gint64 = -1
        guard gst_element_query_position(playbin, GST_FORMAT_TIME, &value) != 0, value >= 0 else { return nil }
        return .nanoseconds(value)
    }

    public var duration: Duration? {
        var value: gint64 = -1
        guard gst_element_query_duration(playbin, GST_FORMAT_TIME, &value) != 0, value > 0 else { return nil }
        return .nanoseconds(value)
    }

    public func seek(to position: Duration) {
        let nanoseconds = position.components.seconds * 1_000_000_000 + position.components.attoseconds / 1_000_000_000
        gst_element_seek_simple(playbin, GST_FORMAT_TIME, GstSeekFlags(rawValue: GST_SEEK_FLAG_FLUSH.rawValue | GST_SEEK_FLAG_KEY_UNIT.rawValue),
                                gint64(nanoseconds))
    }

    /// Reads what the pipeline has said since the last call: the end of the stream or an error.
    public func tick() {
        guard let bus = gst_element_get_bus(playbin) else { return }
        defer { gst_object_unref(UnsafeMutableRawPointer(bus)) }
        while let message = gst_bus_pop_filtered(bus, GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)) {
            if message.pointee.type == GST_MESSAGE_EOS {
                reachedEnd = true
                isPlaying = false
                gst_element_set_state(playbin, GST_STATE_PAUSED)
            } else {
                var error: UnsafeMutablePointer<GError>?
                gst_message_parse_error(message, &error, nil)
                failure = error.map { String(cString: $0.pointee.message) } ?? "The video could not be played."
                if let error { g_error_free(error) }
                isPlaying = false
            }
            gst_mini_object_unref(UnsafeMutablePointer<GstMiniObject>(OpaquePointer(message)))
        }
    }
}
