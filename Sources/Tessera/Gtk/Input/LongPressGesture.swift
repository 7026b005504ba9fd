import CGtk

/// A long press; GTK 3 gestures need their owner kept alive, which this is.
@MainActor
public final class LongPressGesture: Object {
    public init(on widget: Widget) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_gesture_long_press_new(widget.widget)))
        gtk_gesture_single_set_touch_only(OpaquePointer(raw), 0)
    }
    @discardableResult
    public func onPressed(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("pressed", shape: .pointerPointer) { _ in body(); return false }
    }
    /// Called with where the press is held, in the widget's coordinates.
    @discardableResult
    public func onPressed(_ body: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> SignalConnection {
        connect("pressed", shape: .doubleDouble) { pointer in
            guard let values = pointer?.assumingMemoryBound(to: (Double, Double).self).pointee else { return false }
            body(values.0, values.1)
            return false
        }
    }
}
