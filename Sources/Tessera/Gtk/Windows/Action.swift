import CGtk

/// A GSimpleAction, stateless or holding a string state (for radio menu items).
@MainActor
public final class Action: Object {
    /// A stateless action with an optional string parameter.
    public init(name: String, takesString: Bool = false) {
        let type = takesString ? g_variant_type_new("s") : nil
        defer { if let type { g_variant_type_free(type) } }
        super.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, type)))
    }
    /// A stateful action whose state is a string; menu items with a target become radio items.
    public init(name: String, state: String) {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        super.init(adopting: UnsafeMutableRawPointer(g_simple_action_new_stateful(name, type, g_variant_new_string(state))))
    }
    /// Runs `body` with the string parameter (nil for a parameterless action) on activation.
    @discardableResult
    public func onActivate(_ body: @escaping @MainActor (String?) -> Void) -> SignalConnection {
        connect("activate", shape: .pointer) { parameter in
            body(parameter.map { String(cString: g_variant_get_string(OpaquePointer($0), nil)) })
            return false
        }
    }
    /// For a stateful action: runs `body` with the requested state after adopting it.
    @discardableResult
    public func onChangeState(_ body: @escaping @MainActor (String) -> Void) -> SignalConnection {
        connect("change-state", shape: .pointer) { [weak self] value in
            guard let value else { return false }
            let string = String(cString: g_variant_get_string(OpaquePointer(value), nil))
            self?.setState(string)
            body(string)
            return false
        }
    }
    public var isEnabled: Bool {
        get { g_action_get_enabled(OpaquePointer(raw)) != 0 }
        set { g_simple_action_set_enabled(OpaquePointer(raw), newValue ? 1 : 0) }
    }
    public var stringState: String? {
        guard let state = g_action_get_state(OpaquePointer(raw)) else { return nil }
        defer { g_variant_unref(state) }
        return String(cString: g_variant_get_string(state, nil))
    }
    public func setState(_ value: String) {
        g_simple_action_set_state(OpaquePointer(raw), g_variant_new_string(value))
    }
}
