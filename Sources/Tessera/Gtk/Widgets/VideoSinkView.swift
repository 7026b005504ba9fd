import CGStreamer
import CGtk

/// gtksink: the pipeline's last `element`, and the widget (`view`) it draws in.
@MainActor
public final class VideoSinkView {
    public let view: Widget
    /// The sink element, a reference of ours.
    public let element: OpaquePointer

    /// Nil when GStreamer or its GTK sink is missing.
    public init?() {
        guard tessera_gst_start() == nil, let sink = tessera_gst_make("gtksink") else { return nil }
        tessera_gst_ref_sink(sink)
        guard let widget = tessera_gst_get_object(UnsafeMutableRawPointer(sink), "widget") else {
            tessera_gst_unref(sink)
            return nil
        }
        element = sink
        view = Widget(adopting: widget)
        view.hexpand = true
        view.vexpand = true
    }

    isolated deinit {
        tessera_gst_unref(element)
    }
}
