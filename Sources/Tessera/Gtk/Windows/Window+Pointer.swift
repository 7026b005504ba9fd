import CGtk

extension Window {
    /// Moves the pointer off the window so no hover shows in screenshots.
    public func movePointerAway() {
        let size = allocatedSize
        warpPointer { origin, screen in
            origin.x + size.width < screen.width ? (size.width + 1, 0) : (0, min(size.height + 1, screen.height - origin.y - 1))
        }
    }

    /// Warps the pointer to a point in window coordinates, chosen from origin and screen size.
    public func warpPointer(to point: (_ origin: (x: Int, y: Int), _ screen: (width: Int, height: Int)) -> (Int, Int)) {
        guard let gdkWindow = gtk_widget_get_window(widget) else { return }
        let display = gdk_window_get_display(gdkWindow)
        guard let seat = gdk_display_get_default_seat(display), let pointer = gdk_seat_get_pointer(seat) else { return }
        let screen = gdk_window_get_screen(gdkWindow)
        var x: gint = 0, y: gint = 0
        gdk_window_get_origin(gdkWindow, &x, &y)
        let root = gdk_screen_get_root_window(screen)
        let size = root.map { (width: Int(gdk_window_get_width($0)), height: Int(gdk_window_get_height($0))) } ?? (width: 0, height: 0)
        let target = point((Int(x), Int(y)), size)
        gdk_device_warp(pointer, screen, x + gint(target.0), y + gint(target.1))
        gdk_display_sync(display)
    }
}
