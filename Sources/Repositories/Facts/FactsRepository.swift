import Domain
import Foundation
import Networking

/// Why the facts feed could not be had.
public enum FactsError: Error, Equatable, Sendable, CustomStringConvertible {
    case network(HTTPError)
    case decoding(FactsDecodingError)

    public var description: String {
        switch self {
        case .network(let error): error.description
        case .decoding(let error): error.description
        }
    }
}

/// What the server said of a feed it sent, to ask next time whether it changed.
public struct FeedValidators: Sendable, Equatable {
    public var etag: String?
    public var lastModified: String?

    public init(etag: String? = nil, lastModified: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
    }

    var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// A feed, or word that the one received before has not changed (304 Not Modified).
public enum FactsFetch: Sendable {
    case feed(FactsFeed, FeedValidators)
    case unchanged
}

/// The facts feed (shared/contracts.md section 4).
public protocol FactsRepository: Sendable {
    func fetchFeed() async throws(FactsError) -> FactsFeed
    /// The feed, asking with `validators` (from the feed received before) whether it changed.
    func fetchFeed(unlessUnchangedSince validators: FeedValidators?) async throws(FactsError) -> FactsFetch
}

extension FactsRepository {
    public func fetchFeed(unlessUnchangedSince validators: FeedValidators?) async throws(FactsError) -> FactsFetch {
        .feed(try await fetchFeed(), FeedValidators())
    }
}

/// Fetches `facts.json` over HTTP and decodes it off the caller's thread.
public struct LiveFactsRepository: FactsRepository {
    private let client: any HTTPClient
    private let backend: @Sendable () async -> Backend

    /// - Parameter backend: where the backend is; asked before each fetch (it may still be starting).
    public init(client: any HTTPClient, backend: @escaping @Sendable () async -> Backend) {
        self.client = client
        self.backend = backend
    }

    public init(client: any HTTPClient, backend: Backend) {
        self.init(client: client) { backend }
    }

    public func fetchFeed() async throws(FactsError) -> FactsFeed {
        switch try await fetchFeed(unlessUnchangedSince: nil) {
        case .feed(let feed, _): return feed
        case .unchanged: throw .network(.status(304))
        }
    }

    /// Sends `If-None-Match` and `If-Modified-Since` from `validators`: a 304 is `.unchanged`.
    public func fetchFeed(unlessUnchangedSince validators: FeedValidators?) async throws(FactsError) -> FactsFetch {
        let url = await backend().facts
        var headers: [(name: String, value: String)] = []
        if let etag = validators?.etag { headers.append(("If-None-Match", etag)) }
        if let lastModified = validators?.lastModified { headers.append(("If-Modified-Since", lastModified)) }
        let response: HTTPResponse
        do {
            let answer = try await client.send(HTTPRequest(url: url, headers: headers, timeout: .seconds(20), maximumBodySize: 4 << 20))
            if answer.status == 304, validators.map({ !$0.isEmpty }) == true { return .unchanged }
            response = try answer.validated()
        } catch {
            throw .network(error)
        }
        let received = FeedValidators(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
        let body = response.body
        // Decoding runs on a global executor, never on the caller's (main) actor.
        let result = await Task.detached(priority: .userInitiated) { () -> Result<FactsFeed, FactsDecodingError> in
            do throws(FactsDecodingError) { return .success(try FactsDecoder.decode(body)) } catch { return .failure(error) }
        }.value
        switch result {
        case .success(let feed): return .feed(feed, received)
        case .failure(let error): throw .decoding(error)
        }
    }
}
