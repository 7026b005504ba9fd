import Gtk

/// Saving data (metered or chosen): nothing fetched off screen, clips on play, JPEGs only as shown.
@MainActor
public final class DataSaving {
    /// Made at first observation, not start-up: it opens a netlink socket or talks to NetworkManager.
    private var network: NetworkMonitor?
    /// The Preferences switch: saving data on every network, metered or not.
    public var alwaysSaves: Bool {
        didSet { update() }
    }
    public private(set) var isSaving: Bool
    private var observers: [(owner: Weak, body: @MainActor (Bool) -> Void)] = []

    private struct Weak {
        weak var object: AnyObject?
    }

    public init(alwaysSaves: Bool) {
        self.alwaysSaves = alwaysSaves
        isSaving = alwaysSaves
    }

    /// `body` now and at each change of `isSaving`, while `owner` lives.
    public func observe(_ owner: AnyObject, _ body: @escaping @MainActor (Bool) -> Void) {
        if network == nil {
            let monitor = NetworkMonitor()
            monitor.onMeteredChange { [weak self] in self?.update() }
            network = monitor
            update()
        }
        observers.append((Weak(object: owner), body))
        body(isSaving)
    }

    private func update() {
        let now = alwaysSaves || network?.isMetered == true
        guard now != isSaving else { return }
        isSaving = now
        observers.removeAll { $0.owner.object == nil }
        for observer in observers { observer.body(now) }
    }
}
