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
    /// The character the key types ("a", "Ж"), nil for a key that types none (Escape, arrows).
    public var text: String? {
        let scalar = gdk_keyval_to_unicode(keyval)
        guard scalar >= 0x20, scalar != 0x7F, let character = Unicode.Scalar(scalar) else { return nil }
        return String(character)
    }
    /// The key's name as GDK spells it ("Escape", "Left", "a").
    public var keyName: String {
        gdk_keyval_name(keyval).map { String(cString: $0) } ?? ""
    }
}
