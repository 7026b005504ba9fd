import CGtk

/// The system's network connectivity, as GIO sees it (`GNetworkMonitor`: NetworkManager's portal
/// or netlink): whether a network is available, and a callback when that changes, so that what
/// waits for the network can try again at once instead of at its next timer.
@MainActor
public final class NetworkMonitor: Object {
    public init() {
        // The default monitor is shared and lives as long as the process (transfer none).
        super.init(taking: UnsafeMutableRawPointer(g_network_monitor_get_default()))
    }

    public var isNetworkAvailable: Bool { g_network_monitor_get_network_available(OpaquePointer(raw)) != 0 }

    /// Whether the network is metered (a phone's tethered link, a mobile connection), as
    /// NetworkManager tells GIO; false where nobody says (GIO's netlink monitor never does).
    public var isMetered: Bool { g_network_monitor_get_network_metered(OpaquePointer(raw)) != 0 }

    /// `body` whenever `isMetered` changes.
    @discardableResult
    public func onMeteredChange(_ body: @escaping @MainActor () -> Void) -> SignalConnection {
        onNotify("network-metered", body)
    }

    /// `body` whenever the connectivity may have changed, with whether a network is available now,
    /// while this wrapper lives. GIO's monitors tell by the "network-changed" signal, the properties,
    /// or both (NetworkManager's only the properties, which also follow its captive-portal checks),
    /// so both are watched, and a change told both ways is told once.
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
