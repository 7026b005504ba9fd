import Domain
import Foundation
import Logging
import Networking
import Repositories

/// The media feed's state and intents. Knows nothing of GTK.
///
/// Pages are asked one at a time by the last id received. Deleting a post asks first; a post the
/// server says is already gone leaves the grid too, with the server's message; any other failure
/// keeps the post and says why.
@MainActor
public final class FeedViewModel {
    /// A message for the user: a question (delete?) or what happened.
    public enum Notice: Equatable, Sendable {
        case confirmDelete(id: String)
        case info(String)
        case error(String)
    }

    public enum Change: Equatable, Sendable {
        /// Posts were added at the end, from this index.
        case appended(from: Int)
        case removed(Int)
    }

    public struct State: Equatable, Sendable {
        public var posts: [MediaPost] = []
        public var paging: Paging = .idle
        public var cursor = FeedCursor()
        public var notice: Notice?
    }

    public private(set) var state = State()
    public var onChange: ((State, Change?) -> Void)?
    private let repository: any FeedRepository
    private let logger: Logger

    public init(repository: any FeedRepository, logger: Logger = Logger(label: "dev.tessera.feed")) {
        self.repository = repository
        self.logger = logger
    }

    /// Asks for the next page unless one is on its way, the last failed (Retry asks again) or
    /// the feed has ended.
    public func loadMore() async {
        guard state.paging.canLoadMore else { return }
        await load()
    }

    public func retry() async {
        guard state.paging.canRetry else { return }
        await load()
    }

    private func load() async {
        let asked = state.cursor.lastFetchID
        state.paging = .loading
        publish(nil)
        do {
            let page = try await repository.page(after: asked)
            // The grid and delete know a post by its id, so no id may reach them twice: not one
            // already shown (a page that overlaps after deletes), nor one repeated within the page
            // (the first copy stays). Ids are compared as the strings they are.
            var seen = Set(state.posts.map(\.id))
            var fresh: [MediaPost] = [], leftOut: [String] = []
            for post in page {
                if seen.insert(post.id).inserted { fresh.append(post) } else { leftOut.append(post.id) }
            }
            if !leftOut.isEmpty {
                logger.warning("feed page after \"\(asked)\": left out \(leftOut.count) posts whose ids came before: \(leftOut)")
            }
            let start = state.posts.count
            state.posts.append(contentsOf: fresh)
            state.cursor.advance(past: page)
            state.paging = state.cursor.reachedEnd ? .ended : .idle
            publish(fresh.isEmpty ? nil : .appended(from: start))
        } catch {
            state.paging = .failed(error.description)
            publish(nil)
        }
    }

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
            if case .alreadyGone(let message) = outcome {
                state.notice = .info("The post was already deleted on the server (“\(message)”).")
                publish(nil)
            }
        } catch {
            if case .network(let failure) = error, failure.meansUnreachable {
                // Deleting needs the server: offline, nothing changes, and the user is told why.
                state.notice = .error("The post was not deleted. The server cannot be reached: try again when you are back online.")
            } else {
                state.notice = .error("The post was not deleted. \(error.description)")
            }
            publish(nil)
        }
    }

    private func remove(_ id: String) {
        guard let index = state.posts.firstIndex(where: { $0.id == id }) else { return }
        state.posts.remove(at: index)
        publish(.removed(index))
    }

    private func publish(_ change: Change?) { onChange?(state, change) }
}
