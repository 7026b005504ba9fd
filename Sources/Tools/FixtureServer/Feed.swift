import Foundation
import Hummingbird
import Scheduling

/// The media feed's posts: ids descending with gaps, newest first, images and videos.
final class FeedStore: Sendable {
    struct Post: Sendable {
        let id: Int
        let fileName: String
        let isVideo: Bool
        /// Its place among the posts of its kind (stills, clips): which picture or clip it shows.
        let slot: Int
    }

    static let pageSize = 10
    let posts: [Post]
    private let deleted = Mutex<Set<Int>>([])

    /// - Parameters:
    ///   - withholdingNewest: how many of the newest posts are left out.
    ///   - stillExtension: the file extension of the picture a still post shows, by its slot.
    init(count: Int, seed: UInt64, withholdingNewest: Int = 0, stillExtension: (Int) -> String = FeedStore.syntheticExtension) {
        var random = SplitMix64(seed: seed)
        var id = 100 + count * 3
        var posts: [Post] = []
        var slots = (stills: 0, clips: 0)
        for index in 0..<count {
            let isVideo = index % 8 == 7
            let digits = String(format: "%08d", Int(random.next() % 100_000_000))
            let slot = isVideo ? slots.clips : slots.stills
            let ext = isVideo ? "mp4" : stillExtension(slot)
            if isVideo { slots.clips += 1 } else { slots.stills += 1 }
            posts.append(Post(id: id, fileName: "\(digits).\(ext)", isVideo: isVideo, slot: slot))
            id -= 1 + Int(random.next() % 3) // gaps left by deleted posts
        }
        self.posts = Array(posts.dropFirst(withholdingNewest))
    }

    /// Without media files: synthetic pictures, some PNG, most JPEG.
    static func syntheticExtension(slot: Int) -> String { slot % 4 == 1 ? "png" : "jpg" }

    /// The page after `lastFetchID` ("" or nil for the first page).
    func page(after lastFetchID: String?) -> [Post] {
        let gone = deleted.withLock { $0 }
        let after = lastFetchID.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return posts.lazy
            .filter { post in after.map { post.id < $0 } ?? true }
            .filter { !gone.contains($0.id) }
            .prefix(Self.pageSize)
            .map { $0 }
    }

    /// True if the post existed and is now deleted; false if it was already gone.
    func delete(id: String) -> Bool {
        guard let value = Int(id), posts.contains(where: { $0.id == value }) else { return false }
        return deleted.withLock { $0.insert(value).inserted }
    }

    func post(named fileName: String) -> Post? { posts.first { $0.fileName == fileName } }
}

struct FeedRoutes {
    let store: FeedStore
    let media: MediaLibrary
    /// How many more times each page names its first post (see `Configuration`).
    var repeatsFirstPost = 0
    /// Pages that go silent mid-transfer (see `Configuration.silentFeedPages`).
    var silence = SilentAnswers(times: 0)

    func register(on router: Router<FixtureContext>) {
        let group = router.group("user_details")
        group.post("select.php") { request, context in try await select(request, context) }
        group.get("select.php") { request, context in try await select(request, context) }
        group.post("delete.php") { request, context in try await delete(request, context) }
        group.get("uploads/:name") { request, context -> Response in
            let name = context.parameters.get("name") ?? ""
            guard let post = store.post(named: name) else { return Response(status: .notFound) }
            return media.feedFile(for: post, request: request)
        }
    }

    /// Reads a parameter from a JSON body, a form body or the query, as real clients sent all three.
    private func parameter(_ name: String, _ request: Request, _ context: FixtureContext) async throws -> String? {
        if let value = request.uri.queryParameters.get(name) { return value }
        var request = request
        let buffer = try await request.collectBody(upTo: 64 * 1024)
        let body = String(buffer: buffer)
        if let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] {
            if let string = object[name] as? String { return string }
            if let number = object[name] as? NSNumber { return number.stringValue }
            return nil
        }
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2, parts[0] == name { return parts[1].removingPercentEncoding ?? parts[1] }
            if parts.count == 1, parts[0] == name { return "" }
        }
        return nil
    }

    private func select(_ request: Request, _ context: FixtureContext) async throws -> Response {
        let last = try await parameter("lastFetchId", request, context)
        let base = "http://\(request.authorityForLinks)/user_details/uploads/"
        var posts = store.page(after: last)
        if let first = posts.first, repeatsFirstPost > 0 {
            posts.insert(contentsOf: repeatElement(first, count: repeatsFirstPost), at: 1)
        }
        let data = posts.map { post -> [String: Any] in
            ["id": String(post.id), "file": base + post.fileName, "file_type": post.isVideo ? "1" : "0"]
        }
        // PHP style: slashes escaped (JSONSerialization's default), ids and file_type as strings.
        let answer: [String: Any] = ["statusCode": 200, "message": "success", "data": data]
        if silence.goesSilent() { return SilentAnswers.response(jsonData(answer), contentType: "application/json") }
        return json(answer)
    }

    private func delete(_ request: Request, _ context: FixtureContext) async throws -> Response {
        let id = try await parameter("id", request, context) ?? ""
        if store.delete(id: id) {
            return json(["message": "Success", "statusCode": 200])
        }
        return json(["message": "user already deleted", "statusCode": 400])
    }
}

/// JSON with slashes escaped as PHP's json_encode does.
func json(_ object: Any, status: HTTPResponse.Status = .ok) -> Response {
    Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: jsonData(object))))
}

/// `json`'s bytes.
func jsonData(_ object: Any) -> Data {
    let plain = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    return Data(String(decoding: plain, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
        .replacingOccurrences(of: "/", with: "\\/").utf8)
}

/// A small deterministic generator (SplitMix64), so a seed reproduces the same data and failures.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
