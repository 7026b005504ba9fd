import CGtk

/// One D-Bus signal, each emission to `received` on the main loop; ends when let go.
@MainActor
public final class DBusSignalSubscription {
    public enum Bus: Sendable {
        case system
        case session
        /// A D-Bus address standing in for a message bus (tests).
        case address(String)
    }

    /// The bus's connection, once reached (for calls the owner makes on it).
    public private(set) var connection: OpaquePointer?
    private var id: guint = 0

    /// `connected` runs once subscribed; `received` borrows each emission.
    public init(bus: Bus, sender: String, interface: String, member: String, path: String,
                connected: @escaping @MainActor (OpaquePointer) -> Void = { _ in },
                received: @escaping @MainActor (OpaquePointer) -> Void) {
        let reached = DBusClosure { [weak self] connection in
            guard let connection else { return }
            guard let self else { return g_object_unref(UnsafeMutableRawPointer(connection)) }
            self.connection = connection
            let box = DBusClosure { parameters in if let parameters { received(parameters) } }
            self.id = g_dbus_connection_signal_subscribe(connection, sender, interface, member, path, nil,
                                                         G_DBUS_SIGNAL_FLAGS_NONE, signalReceived, box.retainedPointer(),
                                                         releaseDBusClosure)
            connected(connection)
        }
        switch bus {
        case .system: g_bus_get(G_BUS_TYPE_SYSTEM, nil, busReached, reached.retainedPointer())
        case .session: g_bus_get(G_BUS_TYPE_SESSION, nil, busReached, reached.retainedPointer())
        case .address(let address):
            let flags = G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue
            g_dbus_connection_new_for_address(address, GDBusConnectionFlags(rawValue: flags), nil, nil, addressReached,
                                              reached.retainedPointer())
        }
    }

    isolated deinit {
        guard let connection else { return }
        if id != 0 { g_dbus_connection_signal_unsubscribe(connection, id) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Whether the signal is being listened to (the bus was reached).
    public var isListening: Bool { id != 0 }
}

private let busReached: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { _, result, data in
    var error: UnsafeMutablePointer<GError>? = nil
    let connection = g_bus_get_finish(result, &error)
    if let error { g_error_free(error) }
    DBusClosure.from(data, retained: true).call(connection)
}

private let addressReached: @convention(c) (UnsafeMutablePointer<GObject>?, OpaquePointer?, gpointer?) -> Void = { _, result, data in
    var error: UnsafeMutablePointer<GError>? = nil
    let connection = g_dbus_connection_new_for_address_finish(result, &error)
    if let error { g_error_free(error) }
    DBusClosure.from(data, retained: true).call(connection)
}

private let signalReceived: @convention(c) (OpaquePointer?, UnsafePointer<gchar>?, UnsafePointer<gchar>?, UnsafePointer<gchar>?,
                                            UnsafePointer<gchar>?, OpaquePointer?, gpointer?) -> Void = { _, _, _, _, _, parameters, data in
    DBusClosure.from(data, retained: false).call(parameters)
}
