import CGtk

/// A call on an exported object: its arguments, and its answer given exactly once.
@MainActor
public final class DBusMethodCall {
    /// An argument, in the shapes Tessera's interfaces take.
    public enum Argument: Equatable, Sendable {
        case string(String)
        case strings([String])
        case unsigned(UInt32)
        /// `x`
        case integer(Int64)
        /// `o`
        case objectPath(String)
        /// Any other type, by its signature.
        case other(String)
    }

    public let interface: String
    public let method: String
    public let arguments: [Argument]
    private var invocation: OpaquePointer?

    /// Takes `invocation` (GDBus hands it over to be answered) and reads `parameters` (a tuple).
    init(interface: String, method: String, parameters: OpaquePointer, invocation: OpaquePointer) {
        self.interface = interface
        self.method = method
        self.invocation = invocation
        arguments = (0..<Int(g_variant_n_children(parameters))).map { index in
            let child = g_variant_get_child_value(parameters, gsize(index))!
            defer { g_variant_unref(child) }
            let type = String(cString: g_variant_get_type_string(child))
            switch type {
            case "s": return .string(String(cString: g_variant_get_string(child, nil)))
            case "u": return .unsigned(g_variant_get_uint32(child))
            case "x": return .integer(Int64(g_variant_get_int64(child)))
            case "o": return .objectPath(String(cString: g_variant_get_string(child, nil)))
            case "as":
                var count: gsize = 0
                guard let list = g_variant_get_strv(child, &count) else { return .strings([]) }
                defer { g_free(UnsafeMutableRawPointer(mutating: list)) }
                return .strings((0..<Int(count)).map { String(cString: list[$0]!) })
            default: return .other(type)
            }
        }
    }

    isolated deinit {
        // A call dropped unanswered would leave its caller waiting for D-Bus's timeout.
        if invocation != nil { fail("not answered") } // not translated
    }

    /// The strings of argument `index` (`as`); empty when it is something else.
    public func strings(at index: Int) -> [String] {
        guard arguments.indices.contains(index), case .strings(let list) = arguments[index] else { return [] }
        return list
    }

    /// Argument `index` as a string (`s`); nil when it is something else.
    public func string(at index: Int) -> String? {
        guard arguments.indices.contains(index), case .string(let text) = arguments[index] else { return nil }
        return text
    }

    /// Argument `index` as a 64-bit integer (`x`); nil when it is something else.
    public func integer(at index: Int) -> Int64? {
        guard arguments.indices.contains(index), case .integer(let value) = arguments[index] else { return nil }
        return value
    }

    /// Answers with `values` (the method's out arguments, in order; none for a method without).
    public func reply(_ values: [DBusValue] = []) {
        guard let invocation else { return }
        self.invocation = nil
        var children: [OpaquePointer?] = values.map { $0.makeVariant() }
        g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple(&children, gsize(children.count)))
    }

    /// Answers with an error: `message`, for the caller's log.
    public func fail(_ message: String) {
        guard let invocation else { return }
        self.invocation = nil
        g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.Failed", message) // not translated
    }
}
