import Foundation

/// An action run once on the main queue after the current event however often asked: for work after a layout
/// (GTK drops size changes made during one) or asked many times a frame.
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
