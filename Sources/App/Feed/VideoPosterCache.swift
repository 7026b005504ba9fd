import Domain
import Video

/// Video posters read once per post and kept while the feed lives.
@MainActor
final class VideoPosterCache {
    private var posters: [String: Result<VideoPoster, VideoError>] = [:]
    private var loading: [String: Task<Result<VideoPoster, VideoError>, Never>] = [:]

    func cached(_ post: MediaPost) -> Result<VideoPoster, VideoError>? { posters[post.id] }

    func poster(for post: MediaPost, side: Int) async -> Result<VideoPoster, VideoError> {
        if let done = posters[post.id] { return done }
        if let task = loading[post.id] { return await task.value }
        let url = post.url
        let task = Task.detached { () -> Result<VideoPoster, VideoError> in
            do throws(VideoError) { return .success(try await VideoPosters.load(url, maximumPixelSize: side)) } catch {
                return .failure(error)
            }
        }
        loading[post.id] = task
        let result = await task.value
        loading[post.id] = nil
        posters[post.id] = result
        return result
    }
}
