// Runs in the app (tessera), on the main actor, without GTK.

import Domain
import Foundation
import Repositories

/// The facts screen's state and intents, without GTK: a refresh keeps what shows until the new feed comes;
/// feeds are saved and shown offline at the next launch.
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
        /// When the feed shown was received (saved at a past launch, or this one).
        public var receivedAt: Date?
        /// The backend could not be reached: the feed shown is the one saved at `receivedAt`.
        public var isOffline = false
        /// The last refresh found the feed unchanged (304): "Up to date" shows for `upToDateShownFor`.
        public var isUpToDate = false
        /// What the cards are searched for (empty: every card shows).
        public var filter = TextFilter("")
        /// The matching rows' places in order; nil while nothing is typed.
        public var matching: [Int]?

        public var isBusy: Bool { phase == .loading || isRefreshing }
        /// Something is typed and no card has it.
        public var isNothingFound: Bool { matching?.isEmpty == true }
    }

    public private(set) var state = State()
    public var onChange: ((State) -> Void)?
    private let repository: any FactsRepository

    private let store: (any SavedFactsStoring)?
    private let offlineRetry: OfflineRetry
    private var upToDateEnds: Task<Void, Never>?
    /// How long "Up to date" shows: long enough to read two words, short enough not to linger.
    public static let upToDateShownFor: Duration = .seconds(3)

    /// `offlineRetryDelays`: the waits between tries while offline; the last repeats.
    public init(repository: any FactsRepository, store: (any SavedFactsStoring)? = nil,
                offlineRetryDelays: [Duration] = OfflineRetry.standardDelays) {
        self.repository = repository
        self.store = store
        offlineRetry = OfflineRetry(delays: offlineRetryDelays)
    }

    /// Network gone: offline, no tries; back: asks again at once (a 304 is free).
    public func networkChanged(available: Bool) {
        offlineRetry.networkChanged(available: available)
        guard available else {
            guard !state.isOffline, state.phase == .loaded, state.receivedAt != nil else { return }
            state.isOffline = true
            publish()
            return
        }
        guard state.isOffline, !state.isBusy else { return }
        offlineRetry.cancel()
        Task { await load() }
    }

    /// Shows the saved feed when nothing is shown yet; `load` asks the network as usual.
    public func showSaved() async {
        await savedRead.run { [weak self] in await self?.readSaved() }
    }

    /// The first load waits for it (`SavedContentRead`).
    private let savedRead = SavedContentRead()

    private func readSaved() async {
        guard let store, let saved = try? await store.saved(), state.phase == .idle || state.phase == .loading else { return }
        state.title = saved.feed.title
        state.facts = saved.feed.facts
        state.receivedAt = saved.savedAt
        // A first load under way goes on as a refresh of what is shown.
        if state.phase == .loading { state.isRefreshing = true }
        state.phase = .loaded
        state.generation += 1
        searchAgain()
        publish()
    }

    /// Loads the feed the first time; later calls refresh it.
    public func load() async {
        await savedRead.wait()
        guard !state.isBusy else { return }
        let hadContent = state.phase == .loaded
        if hadContent {
            state.isRefreshing = true
        } else {
            state.phase = .loading
        }
        state.refreshError = nil
        state.isUpToDate = false
        upToDateEnds?.cancel()
        publish()
        var received: (feed: FactsFeed, at: Date)?
        do {
            // A refresh asks whether the feed changed; the first load asks for it whole.
            let fetched: FactsFetch = if hadContent { try await repository.revalidateFeed() } else { .feed(try await repository.fetchFeed()) }
            let now = Date()
            switch fetched {
            case .feed(let feed):
                state.title = feed.title
                state.facts = feed.facts
                state.phase = .loaded
                state.generation += 1
                searchAgain()
                received = (feed, now)
            case .unchanged:
                // The cards stay as they are (no new generation to lay out).
                state.isUpToDate = true
                endUpToDateLater()
            }
            state.receivedAt = now
            state.isOffline = false
            offlineRetry.reset()
        } catch {
            // The saved feed may have come in while the first load was under way.
            let showsContent = state.phase == .loaded
            state.isOffline = offlineRetry.afterFailure(unreachable: error.meansUnreachable, showsContent: showsContent,
                                                        stillWaiting: { [weak self] in self?.state.isOffline ?? false },
                                                        again: { [weak self] in await self?.load() })
            if !showsContent {
                state.phase = .failed(error.description)
            } else if !state.isOffline {
                state.refreshError = error.description
            }
        }
        state.isRefreshing = false
        publish()
        // A feed that cannot be saved is still shown.
        if let store, let received { try? await store.save(received.feed, at: received.at) }
    }

    /// "Up to date" goes after `upToDateShownFor`, unless a new load came first.
    private func endUpToDateLater() {
        upToDateEnds = Task { [weak self] in
            try? await Task.sleep(for: Self.upToDateShownFor)
            guard let self, !Task.isCancelled, self.state.isUpToDate else { return }
            self.state.isUpToDate = false
            self.publish()
        }
    }

    // MARK: Search

    /// Filters cards by every typed word, off the main thread, unless superseded.
    public func search(_ typed: String) {
        let filter = TextFilter(typed)
        guard filter != state.filter else { return }
        state.filter = filter
        if filter.isEmpty {
            searching?.cancel()
            state.matching = nil
            publish()
            return
        }
        searchAgain()
    }

    /// Returns once the search asked last has been answered (for tests and benchmarks).
    public func searchFinished() async { await searching?.value }

    /// Each feed's texts folded once, off the main thread, for every key typed after.
    private var folded: (generation: Int, texts: [String])?
    private var searching: Task<Void, Never>?

    /// Works out `state.matching` for the current filter and feed.
    private func searchAgain() {
        searching?.cancel()
        guard !state.filter.isEmpty else { return }
        let filter = state.filter, generation = state.generation
        let facts = state.facts
        let texts = folded?.generation == generation ? folded?.texts : nil
        searching = Task { [weak self] in
            let answer = await Task.detached(priority: .userInitiated) { () -> (texts: [String], matching: [Int]) in
                let texts = texts ?? facts.map { TextFilter.folded(($0.title ?? "") + "\n" + ($0.description ?? "")) }
                return (texts, texts.indices.filter { filter.matches(folded: texts[$0]) })
            }.value
            guard let self, !Task.isCancelled, self.state.generation == generation, self.state.filter == filter else { return }
            self.folded = (generation, answer.texts)
            self.state.matching = answer.matching
            self.publish()
        }
    }

    /// Refresh button, F5, Ctrl+R and Retry all ask again.
    public func refresh() async { await load() }

    public func dismissRefreshError() {
        state.refreshError = nil
        publish()
    }

    private func publish() { onChange?(state) }
}
