import CGtk
import Localization

/// An object of ours on the session bus: each interface of its XML, their methods and read-only properties.
@MainActor
public final class DBusExport {
    private let connection: OpaquePointer
    private let path: String
    private var registrations: [guint] = []
    /// The well-known name owned for the object (`ownName`), let go with it.
    private var nameOwner: guint = 0

    /// Exports the interfaces in `interfaceXML` at `path`; throws without a session bus or for bad XML.
    /// - Parameter properties: a property's value by interface and name; nil for one it does not have.
    public init(path: String, interfaceXML: String, handler: @escaping @MainActor (DBusMethodCall) -> Void,
                properties: @escaping @MainActor (_ interface: String, _ name: String) -> DBusValue? = { _, _ in nil }) throws(GtkError) {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(interfaceXML, &error) else { throw GtkError(consuming: error) }
        defer { g_dbus_node_info_unref(node) }
        guard let interfaces = node.pointee.interfaces, interfaces[0] != nil else {
            throw GtkError(message: tr("The D-Bus interface's description has no interface."))
        }
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { throw GtkError(consuming: error) }
        self.connection = connection
        self.path = path
        var index = 0
        while let interface = interfaces[index] {
            let box = Unmanaged.passRetained(HandlerBox(handler, properties)).toOpaque()
            let registration = g_dbus_connection_register_object(connection, path, interface, Self.vtable, box, { box in
                Unmanaged<HandlerBox>.fromOpaque(box!).release()
            }, &error)
            guard registration != 0 else {
                Unmanaged<HandlerBox>.fromOpaque(box).release()
                registrations.forEach { g_dbus_connection_unregister_object(connection, $0) }
                g_object_unref(UnsafeMutableRawPointer(connection))
                throw GtkError(consuming: error)
            }
            registrations.append(registration)
            index += 1
        }
    }

    isolated deinit {
        if nameOwner != 0 { g_bus_unown_name(nameOwner) }
        registrations.forEach { g_dbus_connection_unregister_object(connection, $0) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Asks for `name` on the bus (not queued behind another owner); it goes with the object.
    public func ownName(_ name: String) {
        guard nameOwner == 0 else { return }
        nameOwner = g_bus_own_name_on_connection(connection, name, G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE, nil, nil, nil, nil)
    }

    /// Emits `interface`'s signal `name` with `values` from the object.
    public func emit(_ interface: String, _ name: String, _ values: [DBusValue]) {
        var children: [OpaquePointer?] = values.map { $0.makeVariant() }
        g_dbus_connection_emit_signal(connection, nil, path, interface, name, g_variant_new_tuple(&children, gsize(children.count)), nil)
    }

    /// Tells listeners the new values of `interface`'s properties (org.freedesktop.DBus.Properties).
    public func propertiesChanged(_ interface: String, _ changed: [(String, DBusValue)]) {
        emit("org.freedesktop.DBus.Properties", "PropertiesChanged", [.string(interface), .dictionary(changed), .strings([])]) // not translated
    }

    private final class HandlerBox {
        let handler: @MainActor (DBusMethodCall) -> Void
        let properties: @MainActor (String, String) -> DBusValue?
        init(_ handler: @escaping @MainActor (DBusMethodCall) -> Void, _ properties: @escaping @MainActor (String, String) -> DBusValue?) {
            self.handler = handler
            self.properties = properties
        }
    }

    /// The calls' entry, on the main context; kept for the process's life.
    private nonisolated(unsafe) static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(to: GDBusInterfaceVTable())
        table.pointee.method_call = { _, _, _, interface, name, arguments, call, context in
            // GDBus calls on the main context, which is the main thread's.
            guard let interface, let name, let arguments, let call, let context else { return }
            nonisolated(unsafe) let (owner, method, parameters, invocation, box) = (interface, name, arguments, call, context)
            MainActor.assumeIsolated {
                let call = DBusMethodCall(interface: String(cString: owner), method: String(cString: method), parameters: parameters,
                                          invocation: invocation)
                Unmanaged<HandlerBox>.fromOpaque(box).takeUnretainedValue().handler(call)
            }
        }
        table.pointee.get_property = { _, _, _, interface, name, error, context in
            guard let interface, let name, let context else { return nil }
            nonisolated(unsafe) let (owner, property, box, failure) = (interface, name, context, error)
            // The variant crosses out of the isolated closure as its address: OpaquePointer is not Sendable.
            let variant: UInt = MainActor.assumeIsolated {
                let interfaceName = String(cString: owner), propertyName = String(cString: property)
                guard let value = Unmanaged<HandlerBox>.fromOpaque(box).takeUnretainedValue().properties(interfaceName, propertyName) else {
                    g_set_error_literal(failure, g_dbus_error_quark(), gint(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue),
                                        "No property \(propertyName)") // not translated
                    return 0
                }
                return UInt(bitPattern: value.makeVariant())
            }
            return OpaquePointer(bitPattern: variant)
        }
        return table
    }()
}
