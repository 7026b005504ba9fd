import Dispatch
import Domain
import Features

/// The feed reopens on the post at its top: from the saved posts where they reach it, else pages are asked
/// until a screenful past it came (or the feed ended); its post gone, the one now at its index.
extension FeedPage: PlaceKeepingPage {
    public var listPlace: ListPlace? { // its index counts the posts let go above, as a launch shows them all
        grid.topPlace { $0.id }.map { ListPlace(key: $0.key, index: $0.index + model.state.releasedAbove, offset: $0.offset) }
    }

    public func restore(_ place: ListPlace) {
        awaitedPlace = place
        model.showsSaved(through: place.index)
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.reachDeadline) { [weak self] in self?.stopReaching() }
    }

    var awaitsPlace: Bool { awaitedPlace != nil || grid.awaitsPlace } // until the place is in view: no frame of the top

    /// After each change while the place waits: the next page, or the place once posts reach past it.
    func reachPlace(_ state: FeedViewModel.State) {
        guard let place = awaitedPlace else { return }
        if state.releasedAbove + state.posts.count >= place.index + FeedViewModel.postsPastPlace
            || !state.paging.canLoadMore && state.paging != .loading {
            stopReaching()
        } else if state.paging.canLoadMore, grid.isReady {
            Task(priority: .loading) { await model.loadMore() }
        }
    }

    private func stopReaching() {
        guard let place = awaitedPlace else { return }
        awaitedPlace = nil
        grid.restore(place, byIndex: true) { $0.id }
        content.show(.content, animated: false)
    }

    static let reachDeadline: DispatchTimeInterval = .seconds(10) // then the nearest post there is, however pages answer
}
