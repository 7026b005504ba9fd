import Domain
import Synchronization
import Video

/// Video posters read once per post and kept for the most recent `limit` posts. A poster whose
/// tile has moved on to another post by the time its turn comes is not read at all.
@MainActor
final class VideoPosterCache {
    private var posters: [String: Result<VideoPoster, VideoError>] = [:]
    /// Post ids, oldest first, for dropping the least recently read.
    private var order: [String] = []
    private var loading: [String: Task<Result<VideoPoster, VideoError>, Never>] = [:]
    /// Posts whose tiles still want their poster (set from the main actor, read by the reader).
    private let wanted = WantedSet()

    /// About 30 MB of posters at tile size.
    static let limit = 100

    func cached(_ post: MediaPost) -> Result<VideoPoster, VideoError>? { posters[post.id] }

    /// Marks what the tiles show now; readers of anything else give up when their turn comes.
    func setWanted(_ ids: Set<String>) { wanted.set(ids) }

    func poster(for post: MediaPost, side: Int) async -> Result<VideoPoster, VideoError> {
        if let done = posters[post.id] { return done }
        if let task = loading[post.id] { return await task.value }
        let url = post.url, id = post.id, wanted = self.wanted
        let task = Task.detached { () -> Result<VideoPoster, VideoError> in
            do throws(VideoError) {
                return .success(try await VideoPosters.load(url, maximumPixelSize: side) { wanted.contains(id) })
            } catch {
                return .failure(error)
            }
        }
        loading[post.id] = task
        let result = await task.value
        loading[post.id] = nil
        if !result.isCancelled { remember(result, for: post.id) }
        return result
    }

    private func remember(_ result: Result<VideoPoster, VideoError>, for id: String) {
        posters[id] = result
        order.append(id)
        if order.count > Self.limit {
            let dropped = order.removeFirst()
            posters[dropped] = nil
        }
    }
}

/// A set of ids shared between the main actor and the poster readers' queue.
final class WantedSet: Sendable {
    private let ids = Mutex<Set<String>>([])
    func set(_ new: Set<String>) { ids.withLock { $0 = new } }
    func contains(_ id: String) -> Bool { ids.withLock { $0.contains(id) } }
}

extension Result where Failure == VideoError {
    /// The read was skipped because nobody wanted the poster any more.
    var isCancelled: Bool { if case .failure(.cancelled) = self { true } else { false } }
}
