import CGtk

/// Wakes from suspend (logind's `PrepareForSleep(false)`), so waiters ask at once.
@MainActor
public final class SleepMonitor {
    /// The system bus's logind, connected to on first use.
    public static let system = SleepMonitor(address: nil)

    private var subscription: DBusSignalSubscription?
    private var handlers: [Int: @MainActor () -> Void] = [:]
    private var nextToken = 0

    /// - Parameter address: a D-Bus address standing in for the system bus; nil: the system bus.
    public init(address: String?) {
        // From logind's name only: on the system bus only logind owns it.
        subscription = DBusSignalSubscription(
            bus: address.map { .address($0) } ?? .system, sender: "org.freedesktop.login1",
            interface: "org.freedesktop.login1.Manager", member: "PrepareForSleep", path: "/org/freedesktop/login1"
        ) { [weak self] parameters in
            guard String(cString: g_variant_get_type_string(parameters)) == "(b)" else { return }
            let argument = g_variant_get_child_value(parameters, 0)
            let sleeping = g_variant_get_boolean(argument) != 0
            g_variant_unref(argument)
            self?.announced(sleeping: sleeping)
        }
    }

    /// Whether the announcements are being listened to (the bus was reached).
    public var isListening: Bool { subscription?.isListening ?? false }

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

    private func announced(sleeping: Bool) {
        guard !sleeping else { return }
        for handler in handlers.sorted(by: { $0.key < $1.key }).map(\.value) { handler() }
    }
}
