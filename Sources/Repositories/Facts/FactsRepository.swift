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

/// A feed, or word that the one received before has not changed (304 Not Modified).
public enum FactsFetch: Sendable {
    /// The feed, and its validators to ask with at the next refresh.
    case feed(FactsFeed, HTTPValidators)
    case unchanged
}

/// The facts feed (shared/contracts.md section 4).
public protocol FactsRepository: Sendable {
    func fetchFeed() async throws(FactsError) -> FactsFeed
    /// The feed, asking with `validators` (from the feed received before) whether it changed.
    func fetchFeed(unlessUnchangedSince validators: HTTPValidators?) async throws(FactsError) -> FactsFetch
}

extension FactsRepository {
    public func fetchFeed(unlessUnchangedSince validators: HTTPValidators?) async throws(FactsError) -> FactsFetch {
        .feed(try await fetchFeed(), HTTPValidators())
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
    public func fetchFeed(unlessUnchangedSince validators: HTTPValidators?) async throws(FactsError) -> FactsFetch {
        let url = await backend().facts
        let response: HTTPResponse
        do {
            let answer = try await client.send(HTTPRequest(url: url, headers: validators?.conditionalHeaders ?? [],
                                                           timeout: .seconds(20), maximumBodySize: 4 << 20))
            if answer.status == 304, validators.map({ !$0.isEmpty }) == true { return .unchanged }
            response = try answer.validated()
        } catch {
            throw .network(error)
        }
        let received = HTTPValidators(headers: response.headers)
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
