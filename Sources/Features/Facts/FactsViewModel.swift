import Domain
import Repositories

/// The facts screen's state and intents. Knows nothing of GTK.
///
/// A refresh keeps what is shown until the new feed has arrived; a failed refresh keeps it too and
/// says why, with a retry.
@MainActor
public final class FactsViewModel {
    public enum Phase: Equatable, Sendable {
        /// Nothing loaded yet and nothing asked.
        case idle
        /// The first load, with nothing to show yet.
        case loading
        case loaded
        /// The first load failed; nothing to show. The message says why.
        case failed(String)
    }

    public struct State: Equatable, Sendable {
        public var phase: Phase = .idle
        /// The feed's title ("About Canada"), the section's title while shown.
        public var title: String?
        public var facts: [Fact] = []
        /// A refresh is under way (the old content stays).
        public var isRefreshing = false
        /// Why the last refresh failed, while the old content stays shown.
        public var refreshError: String?
        /// How many times a feed has been received (views re-render the cards when it grows).
        public var generation = 0

        public var isBusy: Bool { phase == .loading || isRefreshing }
    }

    public private(set) var state = State()
    public var onChange: ((State) -> Void)?
    private let repository: any FactsRepository

    public init(repository: any FactsRepository) {
        self.repository = repository
    }

    /// Loads the feed the first time; later calls refresh it.
    public func load() async {
        guard !state.isBusy else { return }
        let hadContent = state.phase == .loaded
        if hadContent {
            state.isRefreshing = true
        } else {
            state.phase = .loading
        }
        state.refreshError = nil
        publish()
        do {
            let feed = try await repository.fetchFeed()
            state.title = feed.title
            state.facts = feed.facts
            state.phase = .loaded
            state.generation += 1
        } catch {
            if hadContent {
                state.refreshError = error.description
            } else {
                state.phase = .failed(error.description)
            }
        }
        state.isRefreshing = false
        publish()
    }

    /// Refresh button, F5, Ctrl+R and Retry all ask again.
    public func refresh() async { await load() }

    public func dismissRefreshError() {
        state.refreshError = nil
        publish()
    }

    private func publish() { onChange?(state) }
}
