import CGtk

/// The computer waking from suspend, as logind announces it on the system bus
/// (`org.freedesktop.login1.Manager.PrepareForSleep`, true before sleeping and false after
/// waking), so that what waits for a server asks again at once after a resume rather than at
/// its next timed try: a laptop's lid opened is when a person looks. Connects asynchronously;
/// without a system bus or logind nothing is ever announced.
@MainActor
public final class SleepMonitor {
    /// The system bus's logind, connected to on first use.
    public static let system = SleepMonitor(address: nil)

    private var connection: OpaquePointer?
    private var subscription: guint = 0
    private var handlers: [Int: @MainActor () -> Void] = [:]
    private var nextToken = 0

    /// - Parameter address: a D-Bus address standing in for the system bus; nil: the system bus.
    public init(address: String?) {
        let box = Unmanaged.passRetained(SleepMonitorBox(self)).toOpaque()
        if let address {
            g_dbus_connection_new_for_address(address, GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                                                                      | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue),
                                              nil, nil, addressConnected, box)
        } else {
            g_bus_get(G_BUS_TYPE_SYSTEM, nil, systemBusConnected, box)
        }
    }

    isolated deinit {
        if let connection {
            if subscription != 0 { g_dbus_connection_signal_unsubscribe(connection, subscription) }
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
    }

    /// Whether the announcements are being listened to (the bus was reached).
    public var isListening: Bool { subscription != 0 }

    /// `body` after each wake from sleep; the token stops it (`remove`).
    @discardableResult
    public func onWake(_ body: @escaping @MainActor () -> Void) -> Int {
        nextToken += 1
        handlers[nextToken] = body
        return nextToken
    }

    public func remove(_ token: Int) {
        handlers[token] = nil
    }

    fileprivate func connected(_ connection: OpaquePointer) {
        self.connection = connection
        let box = Unmanaged.passRetained(SleepMonitorBox(self)).toOpaque()
        // From logind's name only: on the system bus only logind owns it.
        subscription = g_dbus_connection_signal_subscribe(
            connection, "org.freedesktop.login1", "org.freedesktop.login1.Manager", "PrepareForSleep",
            "/org/freedesktop/login1", nil, G_DBUS_SIGNAL_FLAGS_NONE, prepareForSleep, box, releaseSleepMonitorBox)
    }

    fileprivate func announced(sleeping: Bool) {
        guard !sleeping else { return }
        for handler in handlers.sorted(by: { $0.key < $1.key }).map(\.value) { handler() }
    }
}

private final class SleepMonitorBox {
    weak var target: SleepMonitor?
    init(_ target: SleepMonitor) { self.target = target }
}

private let releaseSleepMonitorBox: @convention(c) (gpointer?) -> Void = { data in
    Unmanaged<SleepMonitorBox>.fromOpaque(data!).release()
}

private func deliver(_ connection: OpaquePointer?, to data: gpointer?) {
    nonisolated(unsafe) let box = Unmanaged<SleepMonitorBox>.fromOpaque(data!).takeRetainedValue()
    nonisolated(unsafe) let connection = connection
    MainActor.assumeIsolated {
        guard let connection else { return }
        if let target = box.target { target.connected(connection) } else { g_object_unref(UnsafeMutableRawPointer(connection)) }
    }
}

private let systemBusConnected: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { _, result, data in
    var error: UnsafeMutablePointer<GError>? = nil
    let connection = g_bus_get_finish(result, &error)
    if let error { g_error_free(error) }
    deliver(connection, to: data)
}

private let addressConnected: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { _, result, data in
    var error: UnsafeMutablePointer<GError>? = nil
    let connection = g_dbus_connection_new_for_address_finish(result, &error)
    if let error { g_error_free(error) }
    deliver(connection, to: data)
}

private let prepareForSleep: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, OpaquePointer?, gpointer?) -> Void = { _, _, _, _, _, parameters, data in
    guard let parameters, String(cString: g_variant_get_type_string(parameters)) == "(b)" else { return }
    let argument = g_variant_get_child_value(parameters, 0)
    let sleeping = g_variant_get_boolean(argument) != 0
    g_variant_unref(argument)
    nonisolated(unsafe) let box = Unmanaged<SleepMonitorBox>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.target?.announced(sleeping: sleeping) }
}
