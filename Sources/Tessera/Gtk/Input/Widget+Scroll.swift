import CGtk

extension Widget {
    /// Scrolls over the widget's window, smooth ones included; return true to stop the event.
    @discardableResult
    public func onScroll(_ body: @escaping @MainActor (ScrollEvent) -> Bool) -> SignalConnection {
        gtk_widget_add_events(widget, gint(GDK_SCROLL_MASK.rawValue | GDK_SMOOTH_SCROLL_MASK.rawValue))
        return connect("scroll-event", shape: .pointerReturningBool) { pointer in
            let event: UnsafeMutablePointer<GdkEventScroll> = pointer!.cast()
            return body(ScrollEvent(event.pointee))
        }
    }

    /// Mouse motion with a button held (a drag), at (x, y) in the widget's window.
    @discardableResult
    public func onDragMotion(_ body: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> SignalConnection {
        gtk_widget_add_events(widget, gint(GDK_BUTTON1_MOTION_MASK.rawValue))
        return connect("motion-notify-event", shape: .pointerReturningBool) { pointer in
            let event: UnsafeMutablePointer<GdkEventMotion> = pointer!.cast()
            body(event.pointee.x, event.pointee.y)
            return false
        }
    }
}
