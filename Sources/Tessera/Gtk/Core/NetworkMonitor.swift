import CGtk

/// Connectivity as GIO's `GNetworkMonitor` sees it, with a callback when it changes, so waiters try at once.
@MainActor
public final class NetworkMonitor: Object {
    public init() {
        // The default monitor is shared and lives as long as the process (transfer none).
        super.init(taking: UnsafeMutableRawPointer(g_network_monitor_get_default()))
    }

    public var isNetworkAvailable: Bool { g_network_monitor_get_network_available(OpaquePointer(raw)) != 0 }

    /// Metered, as NetworkManager tells GIO; false where nobody says.
    public var isMetered: Bool { g_network_monitor_get_network_metered(OpaquePointer(raw)) != 0 }

    /// `body` whenever `isMetered` changes.
    @discardableResult
    public func onMeteredChange(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("network-metered", body)
    }

    /// `body` on each possible change while this lives; signal and properties watched, told once.
    public func onChange(_ body: @escaping @MainActor (_ available: Bool) -> Void) {
        let told = CoalescedCall { [weak self] in
            guard let self else { return }
            body(self.isNetworkAvailable)
        }
        connect("network-changed", shape: .boolean) { _ in
            told.schedule()
            return false
        }
        onNotify("network-available") { told.schedule() }
        onNotify("connectivity") { told.schedule() }
    }
}
