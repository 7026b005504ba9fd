import CGtk

public struct Modifiers: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let shift = Modifiers(rawValue: 1 << 0)
    public static let control = Modifiers(rawValue: 1 << 1)
    public static let alt = Modifiers(rawValue: 1 << 2)
    init(state: guint) {
        var result: Modifiers = []
        if state & GDK_SHIFT_MASK.rawValue != 0 { result.insert(.shift) }
        if state & GDK_CONTROL_MASK.rawValue != 0 { result.insert(.control) }
        if state & GDK_MOD1_MASK.rawValue != 0 { result.insert(.alt) }
        self = result
    }
}
