import Domain
import Foundation
import Networking
import Localization

public enum FeedError: Error, Equatable, Sendable, CustomStringConvertible {
    case network(HTTPError)
    case unreadable
    /// The body's statusCode was not 200; the server's message says why.
    case server(code: Int, message: String)
    /// More posts in one page than `LiveFeedRepository.maximumPostsPerPage`.
    case tooManyPosts(Int)

    /// Unreachable rather than wrong: view-models go offline and retry themselves.
    public var meansUnreachable: Bool {
        if case .network(let failure) = self { failure.meansUnreachable } else { false }
    }

    public var description: String {
        switch self {
        case .network(let error): error.description
        case .unreadable: tr("The server's answer could not be read.")
        case .server(_, let message): tr("The server said: {message}", ["message": message])
        case .tooManyPosts(let count):
            tr("The server sent {count} posts in one page, more than the {limit} Tessera takes.",
               ["count": String(count), "limit": String(LiveFeedRepository.maximumPostsPerPage)])
        }
    }
}

/// How a delete ended.
public enum FeedDeletion: Equatable, Sendable {
    case deleted
    /// The post was gone already ("user already deleted", statusCode 400): it leaves the grid too.
    case alreadyGone(message: String)
}

/// The media feed: `select.php` and `delete.php` under `user_details/`.
public protocol FeedRepository: Sendable {
    func page(after lastFetchID: String) async throws(FeedError) -> [MediaPost]
    func delete(id: String) async throws(FeedError) -> FeedDeletion
}

public struct LiveFeedRepository: FeedRepository {
    private let client: any HTTPClient
    private let backend: @Sendable () async -> Backend
    private let maximumPosts: Int

    /// A page's most posts; longer is refused and what shows stays.
    public static let maximumPostsPerPage = 1_000
    /// Silence before a page is given up and asked again.
    public static var pageStallTimeout: Duration { InterruptedTransfer.stallTimeout }

    /// - Parameter maximumPosts: past it a page is refused (`tooManyPosts`).
    public init(client: any HTTPClient, maximumPosts: Int = Self.maximumPostsPerPage,
                backend: @escaping @Sendable () async -> Backend) {
        self.client = client
        self.maximumPosts = maximumPosts
        self.backend = backend
    }

    public func page(after lastFetchID: String) async throws(FeedError) -> [MediaPost] {
        // A page stalled or broken is asked for again (`InterruptedTransfer`); a deletion is not.
        let object = try await post(await backend().feedSelect, ["lastFetchId": lastFetchID], askingAgain: true)
        return try Self.posts(in: object, maximumPosts: maximumPosts)
    }

    /// A page's posts; rows without an id or a web address are left out. Internal to the module and its tests.
    static func posts(in object: [String: Any], maximumPosts: Int) throws(FeedError) -> [MediaPost] {
        let code = (object["statusCode"] as? NSNumber)?.intValue ?? Int("\(object["statusCode"] ?? "")")
        guard code == 200 else {
            throw .server(code: code ?? 0, message: object["message"] as? String ?? tr("Unknown error"))
        }
        guard let rows = object["data"] as? [[String: Any]] else { throw .unreadable }
        guard rows.count <= maximumPosts else { throw .tooManyPosts(rows.count) }
        return rows.compactMap { row in
            guard let id = (row["id"] as? String) ?? (row["id"] as? NSNumber)?.stringValue,
                  let file = row["file"] as? String, let url = URL(string: file), WebURL.isWeb(url) else { return nil }
            let type = (row["file_type"] as? String) ?? (row["file_type"] as? NSNumber)?.stringValue
            return MediaPost(id: id, url: url, kind: type == "1" ? .video : .image)
        }
    }

    public func delete(id: String) async throws(FeedError) -> FeedDeletion {
        let object = try await post(await backend().feedDelete, ["id": id])
        let code = (object["statusCode"] as? NSNumber)?.intValue
        let message = object["message"] as? String ?? ""
        switch code {
        case 200?: return .deleted
        case 400? where message.lowercased().contains("already deleted"): return .alreadyGone(message: message)
        default: throw .server(code: code ?? 0, message: message.isEmpty ? tr("Unknown error") : message)
        }
    }

    private func post(_ url: URL, _ body: [String: String], askingAgain: Bool = false) async throws(FeedError) -> [String: Any] {
        let request: HTTPRequest
        do {
            request = try HTTPRequest.postJSON(url, body, timeout: .seconds(20))
        } catch {
            throw .unreadable
        }
        let data: Data
        do {
            let answer = askingAgain ? try await InterruptedTransfer.send(request, with: client) : try await client.send(request)
            data = try answer.validated().body
        } catch {
            throw .network(error)
        }
        return try Self.object(in: data)
    }

    static func object(in body: Data) throws(FeedError) -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { throw .unreadable }
        return object
    }
}
