import CGtk

/// A swipe (touch, or a mouse drag released while moving); keep it alive as long as its widget.
@MainActor
public final class SwipeGesture: Object {
    public init(on widget: Widget) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_gesture_swipe_new(widget.widget)))
        gtk_gesture_single_set_touch_only(OpaquePointer(raw), 0)
    }
    /// Called with the velocity, in pixels per second, when a swipe ends.
    @discardableResult
    public func onSwipe(_ body: @escaping @MainActor (_ velocityX: Double, _ velocityY: Double) -> Void) -> SignalConnection {
        connect("swipe", shape: .doubleDouble) { pointer in
            guard let values = pointer?.assumingMemoryBound(to: (Double, Double).self).pointee else { return false }
            body(values.0, values.1)
            return false
        }
    }
}
