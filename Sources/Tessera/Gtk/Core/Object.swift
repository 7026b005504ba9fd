import CGtk

/// Owns exactly one reference to a GObject (floating ones sunk); `deinit` disconnects and drops it.
@MainActor
open class Object {
    /// The wrapped instance. Internal: raw pointers never leave the `Gtk` module.
    let raw: UnsafeMutableRawPointer
    private var handlerIDs: [gulong] = []

    /// Takes ownership of `raw`, sinking a floating reference or adding a strong one.
    init(taking raw: UnsafeMutableRawPointer) {
        self.raw = raw
        g_object_ref_sink(raw)
    }

    /// Adopts a reference the caller already owns (a "transfer full" return value).
    init(adopting raw: UnsafeMutableRawPointer) {
        self.raw = raw
    }

    isolated deinit {
        willRelease()
        for id in handlerIDs where g_signal_handler_is_connected(raw, id) != 0 {
            g_signal_handler_disconnect(raw, id)
        }
        g_object_unref(raw)
    }

    /// Before release; toplevels destroy themselves here, as GTK holds them.
    func willRelease() {}

    /// The GType name of the wrapped instance, for logs and tests.
    public var typeName: String { String(cString: tessera_type_name_of(raw)) }

    /// Whether the wrapped instance is an instance of `type` (or a subtype).
    func isA(_ type: GType) -> Bool { tessera_is_a(raw, type) != 0 }

    // MARK: Signals

    /// Connects `body` until disconnected, released or disposed.
    @discardableResult
    func connect(_ signal: String, after: Bool = false, shape: SignalShape,
                 _ body: @escaping @MainActor (UnsafeMutableRawPointer?) -> Bool) -> SignalConnection {
        let box = SignalBox(body)
        let data = Unmanaged.passRetained(box).toOpaque()
        let callback: GCallback
        switch shape {
        case .plain: callback = unsafeBitCast(signalTrampolinePlainBool, to: GCallback.self)
        case .pointer: callback = unsafeBitCast(signalTrampolinePointer, to: GCallback.self)
        case .pointerReturningBool: callback = unsafeBitCast(signalTrampolineBool, to: GCallback.self)
        case .pointerPointer: callback = unsafeBitCast(signalTrampolinePointerPointer, to: GCallback.self)
        case .pointerInt: callback = unsafeBitCast(signalTrampolinePointerInt, to: GCallback.self)
        case .dragDataReceived: callback = unsafeBitCast(signalTrampolineDragData, to: GCallback.self)
        case .dragDataGet: callback = unsafeBitCast(signalTrampolineDragDataGet, to: GCallback.self)
        case .doubleDouble: callback = unsafeBitCast(signalTrampolineDoubleDouble, to: GCallback.self)
        case .double: callback = unsafeBitCast(signalTrampolineDouble, to: GCallback.self)
        case .dragPosition: callback = unsafeBitCast(signalTrampolineDragPosition, to: GCallback.self)
        case .dragLeave: callback = unsafeBitCast(signalTrampolineDragLeave, to: GCallback.self)
        case .boolean: callback = unsafeBitCast(signalTrampolineBoolean, to: GCallback.self)
        case .files: callback = unsafeBitCast(signalTrampolineFiles, to: GCallback.self)
        }
        let flags: GConnectFlags = after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0)
        let id = g_signal_connect_data(raw, signal, callback, data, signalBoxDestroyNotify, flags)
        precondition(id != 0, "no signal \(signal) on \(typeName)")
        handlerIDs.append(id)
        return SignalConnection(id: id)
    }

    /// Disconnects one handler at once; its closure is freed now.
    public func disconnect(_ connection: SignalConnection) {
        guard let index = handlerIDs.firstIndex(of: connection.id) else { return }
        handlerIDs.remove(at: index)
        if g_signal_handler_is_connected(raw, connection.id) != 0 {
            g_signal_handler_disconnect(raw, connection.id)
        }
    }

    /// Calls `body` on `notify::<property>`.
    @discardableResult
    public func onNotify(_ property: String, _ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("notify::\(property)", shape: .pointer) { _ in body(); return false }
    }

    /// `body` once at finalization (a weak reference); tests prove wrappers free widgets.
    public func onFinalize(_ body: @escaping @MainActor () -> Void) {
        let box = SignalBox { _ in body(); return false }
        g_object_weak_ref(OpaquePointer(raw).gObject, finalizeNotify, Unmanaged.passRetained(box).toOpaque())
    }

    // MARK: Properties

    public func setProperty(_ name: String, _ value: Bool) { tessera_object_set_bool(raw, name, value ? 1 : 0) }
    public func setProperty(_ name: String, _ value: Int) { tessera_object_set_int(raw, name, gint(value)) }
    public func setProperty(_ name: String, _ value: String) { tessera_object_set_string(raw, name, value) }
    public func boolProperty(_ name: String) -> Bool { tessera_object_get_bool(raw, name) != 0 }
    public func stringProperty(_ name: String) -> String? {
        guard let value = tessera_object_get_string(raw, name) else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }
}

private let signalTrampolinePlainBool: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
    Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(nil) ? 1 : 0
}
private let signalTrampolinePointer: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
    _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(argument)
}
private let signalTrampolinePointerPointer: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, _, argument, data in
    _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(argument)
}
private let signalTrampolinePointerInt: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, gint, UnsafeMutableRawPointer?) -> Void = { _, argument, _, data in
    _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(argument)
}
private let signalTrampolineDragPosition: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, gint, gint, guint, UnsafeMutableRawPointer?) -> gboolean = { _, context, x, y, time, data in
    var position = DragPosition(context: context, x: Int(x), y: Int(y), time: time)
    return withUnsafeMutablePointer(to: &position) { pointer in
        Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(UnsafeMutableRawPointer(pointer)) ? 1 : 0
    }
}
private let signalTrampolineBoolean: @convention(c) (UnsafeMutableRawPointer?, gboolean, UnsafeMutableRawPointer?) -> Void = { _, value, data in
    var flag = value != 0
    withUnsafeMutablePointer(to: &flag) { pointer in
        _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(UnsafeMutableRawPointer(pointer))
    }
}
private let signalTrampolineFiles: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafeMutablePointer<gchar>?, UnsafeMutableRawPointer?) -> Void = { _, files, count, _, data in
    var uris: [String] = []
    for index in 0..<Int(count) {
        guard let file = files?[index], let uri = g_file_get_uri(file) else { continue }
        uris.append(String(cString: uri))
        g_free(uri)
    }
    withUnsafeMutablePointer(to: &uris) { pointer in
        _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(UnsafeMutableRawPointer(pointer))
    }
}
private let signalTrampolineDragLeave: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, guint, UnsafeMutableRawPointer?) -> Void = { _, _, _, data in
    _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(nil)
}
private let signalTrampolineDragData: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, gint, gint, UnsafeMutableRawPointer?, guint, guint, UnsafeMutableRawPointer?) -> Void = { _, _, _, _, selection, _, _, data in
    _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(selection)
}
private let signalTrampolineDragDataGet: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, guint, guint, UnsafeMutableRawPointer?) -> Void = { _, _, selection, _, _, data in
    _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(selection)
}
private let signalTrampolineBool: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, argument, data in
    Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(argument) ? 1 : 0
}
private let signalTrampolineDoubleDouble: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = { _, a, b, data in
    var values = (a, b)
    withUnsafeMutablePointer(to: &values) { pointer in
        _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(UnsafeMutableRawPointer(pointer))
    }
}
private let signalTrampolineDouble: @convention(c) (UnsafeMutableRawPointer?, Double, UnsafeMutableRawPointer?) -> Void = { _, value, data in
    var value = value
    withUnsafeMutablePointer(to: &value) { pointer in
        _ = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue().call(UnsafeMutableRawPointer(pointer))
    }
}
/// The destroy notify: the only place a handler's box is released.
private let signalBoxDestroyNotify: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
    Unmanaged<SignalBox>.fromOpaque(data!).release()
}
private let finalizeNotify: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<GObject>?) -> Void = { data, _ in
    let box = Unmanaged<SignalBox>.fromOpaque(data!).takeRetainedValue()
    _ = box.call(nil)
}
