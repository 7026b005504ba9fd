import CGtk

/// The portal's colour scheme (0 none, 1 dark, 2 light), followed; unknown without a portal.
@MainActor
public final class DesktopColorScheme {
    /// Whether the desktop prefers dark; nil while unknown.
    public private(set) var prefersDark: Bool?
    private let onChange: @MainActor (Bool?) -> Void
    private var subscription: DBusSignalSubscription?

    /// - Parameter bus: where the portal is: the session bus, or a bus standing in for it.
    public init(bus: DBusSignalSubscription.Bus = .session, onChange: @escaping @MainActor (Bool?) -> Void) {
        self.onChange = onChange
        subscription = DBusSignalSubscription(
            bus: bus, sender: "org.freedesktop.portal.Desktop", interface: "org.freedesktop.portal.Settings",
            member: "SettingChanged", path: "/org/freedesktop/portal/desktop",
            connected: { [weak self] connection in self?.read(on: connection) }
        ) { [weak self] parameters in
            guard g_variant_n_children(parameters) == 3 else { return }
            let namespace = g_variant_get_child_value(parameters, 0)
            let key = g_variant_get_child_value(parameters, 1)
            let value = g_variant_get_child_value(parameters, 2)
            defer { [namespace, key, value].forEach { if let v = $0 { g_variant_unref(v) } } }
            guard String(cString: g_variant_get_string(namespace, nil)) == "org.freedesktop.appearance",
                  String(cString: g_variant_get_string(key, nil)) == "color-scheme" else { return }
            self?.update(value)
        }
    }

    /// Asks the portal for the preference as it is now.
    private func read(on connection: OpaquePointer) {
        var children: [OpaquePointer?] = [g_variant_new_string("org.freedesktop.appearance"),
                                          g_variant_new_string("color-scheme")]
        let parameters = g_variant_new_tuple(&children, 2)
        let box = DBusClosure { [weak self] value in self?.update(value) }
        g_dbus_connection_call(connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                               "org.freedesktop.portal.Settings", "Read", parameters, nil,
                               G_DBUS_CALL_FLAGS_NONE, 2000, nil, readReady, box.retainedPointer())
    }

    private func update(_ value: OpaquePointer?) {
        guard let scheme = Self.unwrapUInt32(value) else { return }
        let newValue: Bool? = switch scheme {
        case 1: true
        case 2: false
        default: nil
        }
        guard newValue != prefersDark else { return }
        prefersDark = newValue
        onChange(newValue)
    }

    /// Portal replies nest the value in one or two variants: unwrap to the uint32.
    private static func unwrapUInt32(_ value: OpaquePointer?) -> UInt32? {
        guard var current = value else { return nil }
        g_variant_ref(current)
        defer { g_variant_unref(current) }
        while String(cString: g_variant_get_type_string(current)) == "v" {
            let inner = g_variant_get_variant(current)!
            g_variant_unref(current)
            current = inner
        }
        guard String(cString: g_variant_get_type_string(current)) == "u" else { return nil }
        return g_variant_get_uint32(current)
    }
}

/// The portal's answer to Read: its value (a variant), or nothing when it failed.
private let readReady: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { source, result, data in
    let box = DBusClosure.from(data, retained: true)
    var error: UnsafeMutablePointer<GError>? = nil
    let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
    if let error { g_error_free(error) }
    guard let reply else { return }
    defer { g_variant_unref(reply) }
    let value = g_variant_get_child_value(reply, 0)
    defer { if let value { g_variant_unref(value) } }
    box.call(value)
}
