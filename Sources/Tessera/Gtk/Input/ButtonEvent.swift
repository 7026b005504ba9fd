import CGtk

/// A mouse button press or release.
public struct ButtonEvent: Sendable {
    public let button: UInt32
    public let x: Double, y: Double
    public let isDoubleClick: Bool
    /// Shift, Ctrl and Alt as they were held.
    public let modifiers: Modifiers
    init(_ event: GdkEventButton) {
        button = event.button
        modifiers = Modifiers(state: event.state)
        x = event.x
        y = event.y
        isDoubleClick = event.type == GDK_2BUTTON_PRESS
    }
    /// The mouse's "back" side button (button 8 under X11 and Wayland).
    public var isBackButton: Bool { button == 8 }
}
