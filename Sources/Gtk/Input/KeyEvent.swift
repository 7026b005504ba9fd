import CGtk

/// A key press as the app needs it.
public struct KeyEvent: Sendable {
    public let keyval: UInt32
    public let modifiers: Modifiers
    init(_ event: GdkEventKey) {
        keyval = event.keyval
        modifiers = Modifiers(state: event.state)
    }
    public init(keyval: UInt32, modifiers: Modifiers = []) {
        self.keyval = keyval
        self.modifiers = modifiers
    }
    /// The key's name as GDK spells it ("Escape", "Left", "a").
    public var keyName: String {
        gdk_keyval_name(keyval).map { String(cString: $0) } ?? ""
    }
}
