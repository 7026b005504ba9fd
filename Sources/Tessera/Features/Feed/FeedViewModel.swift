import Domain
import Foundation
import Logging
import Repositories
import Localization

/// The media feed's state and intents, without GTK: pages asked after the last id, saved, shown at the next
/// launch and confirmed (`FeedMerge`); far posts are let go and read back.
@MainActor
public final class FeedViewModel {
    /// A message for the user: a question (delete?) or what happened.
    public enum Notice: Equatable, Sendable {
        case confirmDelete(id: String)
        case info(heading: String, body: String)
        case error(heading: String, reason: String)
    }

    public enum Change: Equatable, Sendable {
        /// Posts were added at the end, from this index.
        case appended(from: Int)
        case removed(Int)
        /// The posts saved at an earlier launch are shown.
        case restored
        /// A page went into saved posts: some came, some may have gone, below the confirmed ones.
        case merged
        /// The first posts were let go (`releasedAbove` grew by this many); the rest stay in place.
        case released(Int)
        /// Posts let go came back before the first (`releasedAbove` shrank by this many).
        case broughtBack(Int)
    }

    public struct State: Equatable, Sendable {
        /// The posts held, in feed order: the feed's posts from number `releasedAbove` on.
        public var posts: [MediaPost] = []
        /// How many posts before `posts` were let go to hold memory; their places stay.
        public var releasedAbove = 0
        public var paging: Paging = .idle
        public var cursor = FeedCursor()
        public var notice: Notice?
        /// How many posts, from the first, this launch's pages confirmed; the rest wait for their page.
        public var confirmed = 0
        /// When the posts last came from the server (at this launch or, saved, at an earlier one).
        public var receivedAt: Date?
        /// The backend could not be reached: the posts shown are those received at `receivedAt`.
        public var isOffline = false
        /// A refresh asks for the newest page again (the posts shown stay meanwhile).
        public var isRefreshing = false

        /// Whether the next page lies among the posts shown rather than after them.
        public var isConfirming: Bool { confirmed < posts.count }
    }

    public private(set) var state = State()
    public var onChange: ((State, Change?) -> Void)?
    private let repository: any FeedRepository
    private let store: (any SavedFeedStoring)?
    private let offlineRetry: OfflineRetry
    private let logger: Logger
    /// How many saved posts show at launch, at most (`standardSavedShown`, more to reach a restored place).
    private var savedShown: Int
    /// A hundred pages, more than a person scrolls back offline: a feed saved over hours is not read whole.
    public static let standardSavedShown = 1_000
    /// A page could not be saved this launch: nothing is let go, as it could not be read back.
    private var pageNotSaved = false
    /// Posts are being read back.
    private var bringingBack = false

    /// `store` keeps pages (nil: none); at most `savedShown` saved posts show at launch.
    public init(repository: any FeedRepository, store: (any SavedFeedStoring)? = nil,
                offlineRetryDelays: [Duration] = OfflineRetry.standardDelays,
                savedShown: Int = FeedViewModel.standardSavedShown,
                logger: Logger = Logger(label: "dev.tessera.feed")) {
        self.repository = repository
        self.store = store
        self.savedShown = savedShown
        offlineRetry = OfflineRetry(delays: offlineRetryDelays)
        self.logger = logger
    }

    /// A place restored at post `index`: the saved posts shown at launch reach a screenful past it.
    public func showsSaved(through index: Int) {
        savedShown = max(savedShown, index + Self.postsPastPlace)
        confirmsFrom = index
    }

    private var confirmsFrom = 0 // the restored place's index: pages confirm the saved posts from there

    public static let postsPastPlace = 100 // more than a screenful below it, so the view need not stop short

    /// Shows the saved posts when nothing is shown yet; the pages asked then confirm them.
    public func showSaved() async {
        await savedRead.run { [weak self] in await self?.readSaved() }
    }

    /// The first load waits for it (`SavedContentRead`).
    private let savedRead = SavedContentRead()

    private func readSaved() async {
        guard let store, let saved = try? await store.saved(limit: savedShown), !saved.posts.isEmpty, state.posts.isEmpty else { return }
        state.posts = saved.posts
        // Those above a place deep in the feed stand as saved, as posts read back do; F5 confirms them.
        let kept = min(confirmsFrom, saved.posts.count)
        state.confirmed = kept
        if kept > 0 { state.cursor = FeedCursor(after: saved.posts[kept - 1].id) }
        state.receivedAt = saved.savedAt
        publish(.restored)
    }

    /// Network gone: offline, no tries; back: a failed page is asked again, else online as it was.
    public func networkChanged(available: Bool) {
        offlineRetry.networkChanged(available: available)
        guard available else {
            guard !state.isOffline, !state.posts.isEmpty, state.receivedAt != nil else { return }
            state.isOffline = true
            publish(nil)
            return
        }
        guard state.isOffline, state.paging != .loading else { return }
        offlineRetry.cancel()
        if state.paging.canRetry {
            Task { await load() }
        } else {
            state.isOffline = false
            publish(nil)
        }
    }

    /// Asks for the next page unless one is on its way, the last failed or the feed has ended.
    public func loadMore() async {
        guard state.paging.canLoadMore else { return }
        await load()
    }

    public func retry() async {
        guard state.paging.canRetry else { return }
        await load()
    }

    /// F5, Ctrl+R: the newest page again; shown posts stay and are confirmed page by page.
    public func refresh() async {
        guard state.paging != .loading, !state.isRefreshing else { return }
        offlineRetry.cancel()
        state.isRefreshing = true
        // The newest page confirms the posts from the first: those let go come back first.
        while state.releasedAbove > 0, await bringBack(state.releasedAbove) > 0 {}
        if state.releasedAbove > 0 {
            // Not all could be read back: the posts held move up into the places left.
            let count = state.releasedAbove
            state.releasedAbove = 0
            publish(.broughtBack(count))
        }
        state.cursor = FeedCursor()
        state.confirmed = 0
        await load()
        state.isRefreshing = false
        publish(nil)
    }

    private func load() async {
        // Loading now, so a second ask while the saved read finishes finds this page on its way.
        state.paging = .loading
        publish(nil)
        await savedRead.wait()
        let asked = state.cursor.lastFetchID
        do {
            let page = try await repository.page(after: asked)
            let now = Date()
            let wasConfirming = state.isConfirming, start = state.posts.count
            // No id reaches the grid twice (compared as strings); the first copy stays.
            let merge = FeedMerge.merge(page, into: &state.posts, confirmed: state.confirmed)
            if !merge.leftOut.isEmpty {
                logger.warning("feed page after \"\(asked)\": left out \(merge.leftOut.count) posts whose ids came before: \(merge.leftOut)")
            }
            state.confirmed = merge.confirmed
            state.cursor.advance(past: page)
            state.paging = state.cursor.reachedEnd ? .ended : .idle
            state.receivedAt = now
            state.isOffline = false
            offlineRetry.reset()
            if wasConfirming {
                publish(.merged)
            } else {
                publish(merge.fresh.isEmpty ? nil : .appended(from: start))
            }
            // A page that cannot be saved is still shown; from then on nothing is let go.
            do {
                try await store?.savePage(page, after: asked, gone: merge.dropped, reachedEnd: state.cursor.reachedEnd,
                                          pageSize: FeedCursor.pageSize, at: now)
            } catch {
                pageNotSaved = true
                logger.warning("feed page after \"\(asked)\" not saved: \(error)")
            }
        } catch {
            state.paging = .failed(error.description)
            state.isOffline = offlineRetry.afterFailure(unreachable: error.meansUnreachable, showsContent: !state.posts.isEmpty,
                                                        stillWaiting: { [weak self] in self?.waitsOffline ?? false },
                                                        again: { [weak self] in await self?.load() })
            publish(nil)
        }
    }

    /// Lets go of confirmed numeric-id posts before `index`, places kept; never without a store.
    public func release(before index: Int) {
        guard store != nil, !pageNotSaved, !bringingBack, !state.isRefreshing else { return }
        let count = min(index, state.confirmed)
        guard count > 0, state.posts[..<count].allSatisfy({ FeedMerge.rank(of: $0.id) != nil }) else { return }
        state.posts.removeFirst(count)
        state.confirmed -= count
        state.releasedAbove += count
        publish(.released(count))
    }

    /// Reads back up to `count` let-go posts; a deleted one yields its place. Returns how many.
    @discardableResult
    public func bringBack(_ count: Int) async -> Int {
        guard let store, !bringingBack, state.releasedAbove > 0, let first = state.posts.first else { return 0 }
        bringingBack = true
        defer { bringingBack = false }
        let asked = min(count, state.releasedAbove)
        let back: [MediaPost]
        do {
            back = try await store.posts(before: first.id, limit: asked)
        } catch {
            logger.warning("feed posts before \"\(first.id)\" could not be read back: \(error)")
            return 0
        }
        // A delete or refresh may have come meanwhile: only onto the same first post, into empty places.
        guard state.posts.first?.id == first.id, state.releasedAbove > 0 else { return 0 }
        // Fewer than asked: the saved pages have no more before it, and the places left are empty.
        let came = back.count < asked ? state.releasedAbove : min(back.count, state.releasedAbove)
        state.posts.insert(contentsOf: back, at: 0)
        state.confirmed += back.count
        state.releasedAbove -= came
        publish(.broughtBack(came))
        return back.count
    }

    /// Offline, with a failed page to ask again.
    private var waitsOffline: Bool { state.isOffline && state.paging.canRetry }

    /// Delete from the context menu: asks first.
    public func requestDelete(id: String) {
        guard state.posts.contains(where: { $0.id == id }) else { return }
        state.notice = .confirmDelete(id: id)
        publish(nil)
    }

    public func dismissNotice() {
        state.notice = nil
        publish(nil)
    }

    /// "Delete" in the confirmation.
    public func confirmDelete() async {
        guard case .confirmDelete(let id)? = state.notice else { return }
        state.notice = nil
        publish(nil)
        do {
            let outcome = try await repository.delete(id: id)
            remove(id)
            try? await store?.delete(id: id)
            if case .alreadyGone(let message) = outcome {
                state.notice = .info(heading: tr("The post was already deleted"), body: tr("The server said “{message}”.", ["message": message]))
                publish(nil)
            }
        } catch {
            if error.meansUnreachable {
                // Deleting needs the server: offline, nothing changes, and the user is told why.
                state.notice = .error(heading: tr("The post was not deleted"), reason: tr("The server cannot be reached: try again when you are back online."))
            } else {
                state.notice = .error(heading: tr("The post was not deleted"), reason: error.description)
            }
            publish(nil)
        }
    }

    private func remove(_ id: String) {
        guard let index = state.posts.firstIndex(where: { $0.id == id }) else { return }
        state.posts.remove(at: index)
        if index < state.confirmed { state.confirmed -= 1 }
        publish(.removed(index))
    }

    private func publish(_ change: Change?) { onChange?(state, change) }
}
