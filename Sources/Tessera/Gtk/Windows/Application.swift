import CGtk
import Foundation

/// A GtkApplication: the process's single instance, its actions and accelerators.
@MainActor
public final class Application: Object {
    var application: UnsafeMutablePointer<GtkApplication> { raw.cast() }

    /// `unique` hands later launches over; `service` runs windowless until idle.
    public init(id: String, unique: Bool, service: Bool = false) {
        var flags: GApplicationFlags = unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
        flags = GApplicationFlags(flags.rawValue | G_APPLICATION_HANDLES_OPEN.rawValue)
        if service { flags = GApplicationFlags(flags.rawValue | G_APPLICATION_IS_SERVICE.rawValue) }
        // The program name becomes the X11 WM_CLASS, which desktops match to the .desktop file.
        g_set_prgname(id)
        // GtkApplication initialises GTK when it starts.
        GtkRuntime.prepareEnvironment()
        super.init(adopting: UnsafeMutableRawPointer(gtk_application_new(id, flags)))
    }

    /// Runs until the last window closes; the caller parses the command line.
    public func run() -> Int32 {
        g_application_run(raw.cast(), 0, nil)
    }
    /// `run()` opening `address`, in the running instance if there is one.
    public func run(opening address: URL) -> Int32 {
        let arguments = [g_get_prgname().map { String(cString: $0) } ?? "tessera", address.absoluteString]
        var pointers = arguments.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return g_application_run(raw.cast(), gint(pointers.count), &pointers)
    }
    public func quit() { g_application_quit(raw.cast()) }
    /// Keeps the application running with no window (work to finish before exit); pair with `release()`.
    public func hold() {
        g_application_hold(raw.cast())
        holdCount += 1
    }
    public func release() {
        g_application_release(raw.cast())
        holdCount -= 1
    }
    /// How long an idle service stays before it ends.
    public func setInactivityTimeout(_ timeout: Duration) {
        g_application_set_inactivity_timeout(raw.cast(), guint(timeout.components.seconds * 1000))
    }
    /// Holds not yet released.
    public private(set) var holdCount = 0

    /// Registers without running the loop, for callers that drive it (tests).
    public func register() throws(GtkError) {
        var error: UnsafeMutablePointer<GError>? = nil
        if g_application_register(raw.cast(), nil, &error) == 0 { throw GtkError(consuming: error) }
    }
    /// Finds our icons under `folder` when run from the build tree.
    public static func addIconSearchPath(_ folder: String) {
        gtk_icon_theme_append_search_path(gtk_icon_theme_get_default(), folder)
    }

    /// Whether the icon theme (with the search paths added) has an icon called `name`.
    public static func hasIcon(_ name: String) -> Bool {
        gtk_icon_theme_has_icon(gtk_icon_theme_get_default(), name) != 0
    }

    /// Emits open for `addresses`, as a launch with them does.
    public func open(_ addresses: [URL]) {
        var files = addresses.map { g_file_new_for_uri($0.absoluteString) }
        defer { files.forEach { g_object_unref(UnsafeMutableRawPointer($0)) } }
        g_application_open(raw.cast(), &files, gint(files.count), "")
    }
    /// Emits activate, as a launch does.
    public func activate() { g_application_activate(raw.cast()) }

    /// Startup runs once in the primary instance; activate on every launch, there.
    @discardableResult
    public func onStartup(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("startup", shape: .plain) { _ in
            GtkRuntime.startWidgetLibrary()
            body()
            return false
        }
    }
    @discardableResult
    public func onActivate(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("activate", shape: .plain) { _ in body(); return false }
    }
    /// A launch opening addresses, in the primary instance, instead of activate.
    @discardableResult
    public func onOpen(_ body: @escaping @MainActor ([URL]) -> Void) -> SignalConnection {
        connect("open", shape: .files) { argument in
            guard let uris = argument?.assumingMemoryBound(to: [String].self).pointee else { return false }
            body(uris.compactMap(URL.init(string:)))
            return false
        }
    }
    @discardableResult
    public func onShutdown(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("shutdown", shape: .plain) { _ in body(); return false }
    }

    /// Shows the desktop notification `id` (replacing one of that id); a click activates
    /// `action` ("app.<name>", taking a string) with `target`. Nothing off the session bus
    /// (a non-unique instance, or no bus): GLib's notifications need the application's name there.
    public func sendNotification(_ id: String, title: String, body: String, action: String, target: String) {
        guard g_application_get_dbus_connection(raw.cast()) != nil else { return }
        let notification = g_notification_new(title)
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        g_notification_set_body(notification, body)
        g_notification_set_default_action_and_target_value(notification, action, g_variant_new_string(target))
        g_application_send_notification(raw.cast(), id, notification)
    }
    public func withdrawNotification(_ id: String) {
        guard g_application_get_dbus_connection(raw.cast()) != nil else { return }
        g_application_withdraw_notification(raw.cast(), id)
    }

    /// Adds an action reachable as "app.<name>".
    public func addAction(_ action: Action) {
        g_action_map_add_action(OpaquePointer(raw), OpaquePointer(action.raw))
    }
    /// Binds keyboard accelerators (GTK syntax, "<Control>1") to a detailed action name.
    public func setAccelerators(_ accelerators: [String], for detailedAction: String) {
        switch accelerators.count {
        case 0: tessera_application_set_accel(application, detailedAction, nil)
        case 1: tessera_application_set_accel(application, detailedAction, accelerators[0])
        default: tessera_application_set_accels2(application, detailedAction, accelerators[0], accelerators[1])
        }
    }
    public func accelerators(for detailedAction: String) -> [String] {
        takingStrings(gtk_application_get_accels_for_action(application, detailedAction))
    }
    /// Activates a detailed action name as a menu or accelerator would.
    public func activateAction(_ detailedName: String, in window: Window?) {
        var name: UnsafeMutablePointer<gchar>? = nil
        var target: OpaquePointer? = nil
        guard g_action_parse_detailed_name(detailedName, &name, &target, nil) != 0, let name else { return }
        defer { g_free(name); if let target { g_variant_unref(target) } }
        let full = String(cString: name)
        let (prefix, local) = (full.prefix(4), String(full.dropFirst(4)))
        let group: OpaquePointer? = prefix == "app." ? OpaquePointer(raw) : window.map { OpaquePointer($0.raw) }
        if let group { g_action_group_activate_action(group, local, target) }
    }
}
