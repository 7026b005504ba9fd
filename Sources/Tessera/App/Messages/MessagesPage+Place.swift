import Dispatch
import Domain
import Features

/// The chat reopens at the message read at the top, older pages read until it comes; at the newest, at the newest.
extension MessagesPage: PlaceKeepingPage {
    public var listPlace: ListPlace? {
        if let awaited = grid.awaitedPlace { return awaited } // made out of sight, it may never have been laid out
        guard adjustment.value < adjustment.upper - adjustment.pageSize - 1 else { return nil }
        return grid.topPlace { $0.origin.key }
    }

    public func restore(_ place: ListPlace) {
        if case .server(let number)? = ChatMessage.Origin(key: place.key) { model.showsSaved(through: number) }
        grid.restore(place, byIndex: false) { $0.origin.key }
        // However the pages answer, the chat shows within this time of its first frame, at the newest if not reached.
        widget.onNextDraw { [weak self] in DispatchQueue.main.asyncAfter(deadline: .now() + Self.reachDeadline) { self?.stopReaching() } }
    }

    /// While the place waits, older pages are asked until its message comes (laid out there) and nothing is let go.
    func reachPlace(_ state: MessagesViewModel.State) {
        guard grid.awaitsPlace, state.localLoaded, let key = grid.awaitedPlace?.key, case let origin = ChatMessage.Origin(key: key),
              !state.visible.contains(where: { $0.origin == origin }) else { return }
        switch state.paging {
        case .idle: Task { await model.loadOlder() }
        case .loading: break
        case .ended, .failed: stopReaching() // none left: the newest shows
        }
    }

    private func stopReaching() {
        guard grid.awaitsPlace else { return }
        grid.stopRestoring()
        grid.scrollToEnd()
        render(model.state, nil)
    }

    /// Messages came at the head before the place was reached: its message is numbered `count` higher now.
    func movePlace(by count: Int) {
        grid.moveAwaitedPlace { place in
            if case .server(let number)? = ChatMessage.Origin(key: place.key) { place.key = ChatMessage.Origin.server(number: number + count).key }
        }
    }

    static let reachDeadline: DispatchTimeInterval = .seconds(5)
}
