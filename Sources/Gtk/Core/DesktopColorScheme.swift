import CGtk

/// The desktop's colour-scheme preference, read from the freedesktop settings portal
/// (`org.freedesktop.appearance color-scheme`: 0 no preference, 1 prefer dark, 2 prefer light)
/// and followed as it changes. All D-Bus calls are asynchronous; when no portal answers (no
/// session bus, no portal service) the preference stays unknown and callers fall back to GTK's
/// own settings.
@MainActor
public final class DesktopColorScheme {
    /// Whether the desktop prefers dark; nil while unknown.
    public private(set) var prefersDark: Bool?
    private let onChange: @MainActor (Bool?) -> Void
    private var connection: OpaquePointer?
    private var subscription: guint = 0

    public init(onChange: @escaping @MainActor (Bool?) -> Void) {
        self.onChange = onChange
        let box = Unmanaged.passRetained(WeakBox(self)).toOpaque()
        g_bus_get(G_BUS_TYPE_SESSION, nil, busReady, box)
    }

    isolated deinit {
        if let connection {
            if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }

    fileprivate func connected(_ connection: OpaquePointer) {
        self.connection = connection
        let box = Unmanaged.passRetained(WeakBox(self)).toOpaque()
        subscription = g_dbus_connection_signal_subscribe(
            connection, "org.freedesktop.portal.Desktop", "org.freedesktop.portal.Settings", "SettingChanged",
            "/org/freedesktop/portal/desktop", nil, G_DBUS_SIGNAL_FLAGS_NONE, settingChanged, box, releaseWeakBox)
        var children: [OpaquePointer?] = [g_variant_new_string("org.freedesktop.appearance"),
                                          g_variant_new_string("color-scheme")]
        let parameters = g_variant_new_tuple(&children, 2)
        let callBox = Unmanaged.passRetained(WeakBox(self)).toOpaque()
        g_dbus_connection_call(connection, "org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                               "org.freedesktop.portal.Settings", "Read", parameters, nil,
                               G_DBUS_CALL_FLAGS_NONE, 2000, nil, readReady, callBox)
    }

    fileprivate func update(_ value: OpaquePointer?) {
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

private final class WeakBox {
    weak var target: DesktopColorScheme?
    init(_ target: DesktopColorScheme) { self.target = target }
}

private let releaseWeakBox: @convention(c) (gpointer?) -> Void = { data in
    Unmanaged<WeakBox>.fromOpaque(data!).release()
}

private let busReady: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { _, result, data in
    nonisolated(unsafe) let box = Unmanaged<WeakBox>.fromOpaque(data!).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>? = nil
    nonisolated(unsafe) let connection = g_bus_get_finish(result, &error)
    if let error { g_error_free(error) }
    MainActor.assumeIsolated {
        guard let connection else { return }
        if let target = box.target { target.connected(connection) } else { g_object_unref(UnsafeMutableRawPointer(connection)) }
    }
}

private let readReady: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { source, result, data in
    nonisolated(unsafe) let box = Unmanaged<WeakBox>.fromOpaque(data!).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>? = nil
    let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
    if let error { g_error_free(error) }
    guard let reply else { return }
    defer { g_variant_unref(reply) }
    nonisolated(unsafe) let value = g_variant_get_child_value(reply, 0)
    defer { if let value { g_variant_unref(value) } }
    MainActor.assumeIsolated { box.target?.update(value) }
}

private let settingChanged: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, OpaquePointer?, gpointer?) -> Void = { _, _, _, _, _, parameters, data in
    guard let parameters, g_variant_n_children(parameters) == 3 else { return }
    let namespace = g_variant_get_child_value(parameters, 0)
    let key = g_variant_get_child_value(parameters, 1)
    nonisolated(unsafe) let value = g_variant_get_child_value(parameters, 2)
    defer { [namespace, key, value].forEach { if let v = $0 { g_variant_unref(v) } } }
    guard String(cString: g_variant_get_string(namespace, nil)) == "org.freedesktop.appearance",
          String(cString: g_variant_get_string(key, nil)) == "color-scheme" else { return }
    nonisolated(unsafe) let box = Unmanaged<WeakBox>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.target?.update(value) }
}
