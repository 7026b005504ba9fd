import CGtk
import Localization

/// One interface of ours on the session bus, exported before registration for D-Bus activation.
@MainActor
public final class DBusExport {
    private let connection: OpaquePointer
    private let registration: guint

    /// Exports `interfaceXML` at `path`; throws without a session bus or for bad XML.
    public init(path: String, interfaceXML: String, handler: @escaping @MainActor (DBusMethodCall) -> Void) throws(GtkError) {
        var error: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(interfaceXML, &error) else { throw GtkError(consuming: error) }
        defer { g_dbus_node_info_unref(node) }
        guard let interface = node.pointee.interfaces?[0] else { throw GtkError(message: tr("The D-Bus interface's description has no interface.")) }
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { throw GtkError(consuming: error) }
        let box = Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
        let registration = g_dbus_connection_register_object(connection, path, interface, Self.vtable, box, { box in
            Unmanaged<HandlerBox>.fromOpaque(box!).release()
        }, &error)
        guard registration != 0 else {
            Unmanaged<HandlerBox>.fromOpaque(box).release()
            g_object_unref(UnsafeMutableRawPointer(connection))
            throw GtkError(consuming: error)
        }
        self.connection = connection
        self.registration = registration
    }

    isolated deinit {
        g_dbus_connection_unregister_object(connection, registration)
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    private final class HandlerBox {
        let handler: @MainActor (DBusMethodCall) -> Void
        init(_ handler: @escaping @MainActor (DBusMethodCall) -> Void) { self.handler = handler }
    }

    /// The calls' entry, on the main context; kept for the process's life.
    private nonisolated(unsafe) static let vtable: UnsafeMutablePointer<GDBusInterfaceVTable> = {
        let table = UnsafeMutablePointer<GDBusInterfaceVTable>.allocate(capacity: 1)
        table.initialize(to: GDBusInterfaceVTable())
        table.pointee.method_call = { _, _, _, _, name, arguments, call, context in
            // GDBus calls on the main context, which is the main thread's.
            guard let name, let arguments, let call, let context else { return }
            nonisolated(unsafe) let (method, parameters, invocation, box) = (name, arguments, call, context)
            MainActor.assumeIsolated {
                let call = DBusMethodCall(method: String(cString: method), parameters: parameters, invocation: invocation)
                Unmanaged<HandlerBox>.fromOpaque(box).takeUnretainedValue().handler(call)
            }
        }
        return table
    }()
}
