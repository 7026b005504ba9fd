import Foundation

/// Runs once after the current event however often asked (GTK drops size changes mid-layout).
@MainActor
public final class CoalescedCall {
    private let action: @MainActor () -> Void
    /// Asked for and not run yet.
    public private(set) var isScheduled = false

    /// `action` should hold its owner weakly: the owner keeps the call.
    public init(_ action: @escaping @MainActor () -> Void) {
        self.action = action
    }

    public func schedule() {
        guard !isScheduled else { return }
        isScheduled = true
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            self.isScheduled = false
            self.action()
        }
    }
}
