import CGtk

/// Two fingers pinching, on a touch screen or a touchpad; keep it alive as long as its widget.
@MainActor
public final class ZoomGesture: Object {
    public init(on widget: Widget) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_gesture_zoom_new(widget.widget)))
        gtk_event_controller_set_propagation_phase(OpaquePointer(raw), GTK_PHASE_BUBBLE)
    }

    /// Where the fingers are, in the widget's coordinates (their bounding box's centre).
    public var center: (x: Double, y: Double)? {
        var x = 0.0, y = 0.0
        guard gtk_gesture_get_bounding_box_center(OpaquePointer(raw), &x, &y) != 0 else { return nil }
        return (x, y)
    }

    /// The fingers' distance against where it started (1 at the start), as it changes.
    @discardableResult
    public func onScaleChanged(_ body: @escaping @MainActor (Double) -> Void) -> SignalConnection {
        connect("scale-changed", shape: .double) { pointer in
            guard let scale = pointer?.assumingMemoryBound(to: Double.self).pointee else { return false }
            body(scale)
            return false
        }
    }

    /// The pinch began: what `onScaleChanged` measures against is taken now.
    @discardableResult
    public func onBegin(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("begin", shape: .pointer) { _ in
            body()
            return false
        }
    }
}
