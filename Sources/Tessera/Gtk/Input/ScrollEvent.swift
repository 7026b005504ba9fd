import CGtk

/// A scroll: a wheel's notch or a touchpad's smooth motion, with the keys held.
public struct ScrollEvent: Sendable {
    /// How far, in notches (a wheel's click is 1; a touchpad's motion a fraction): positive is right and down.
    public let deltaX: Double, deltaY: Double
    /// Where the pointer is, in the widget's window.
    public let x: Double, y: Double
    public let modifiers: Modifiers
    /// From a touchpad or another smooth device, whose deltas are small and many.
    public let isSmooth: Bool

    init(_ event: GdkEventScroll) {
        x = event.x
        y = event.y
        modifiers = Modifiers(state: event.state)
        switch event.direction {
        case GDK_SCROLL_UP: (deltaX, deltaY, isSmooth) = (0, -1, false)
        case GDK_SCROLL_DOWN: (deltaX, deltaY, isSmooth) = (0, 1, false)
        case GDK_SCROLL_LEFT: (deltaX, deltaY, isSmooth) = (-1, 0, false)
        case GDK_SCROLL_RIGHT: (deltaX, deltaY, isSmooth) = (1, 0, false)
        default: (deltaX, deltaY, isSmooth) = (event.delta_x, event.delta_y, true)
        }
    }
}
