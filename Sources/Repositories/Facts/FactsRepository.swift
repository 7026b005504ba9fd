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

/// The facts feed (shared/contracts.md section 4).
public protocol FactsRepository: Sendable {
    func fetchFeed() async throws(FactsError) -> FactsFeed
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
        let url = await backend().facts
        let response: HTTPResponse
        do {
            response = try await client.send(HTTPRequest(url: url, timeout: .seconds(20), maximumBodySize: 4 << 20)).validated()
        } catch {
            throw .network(error)
        }
        let body = response.body
        // Decoding runs on a global executor, never on the caller's (main) actor.
        let result = await Task.detached(priority: .userInitiated) { () -> Result<FactsFeed, FactsDecodingError> in
            do throws(FactsDecodingError) { return .success(try FactsDecoder.decode(body)) } catch { return .failure(error) }
        }.value
        switch result {
        case .success(let feed): return feed
        case .failure(let error): throw .decoding(error)
        }
    }
}
