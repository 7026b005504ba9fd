// Runs in the app (tessera).

import Domain
import Foundation
import Networking
import Scheduling

/// Why the facts feed could not be had.
public enum FactsError: Error, Equatable, Sendable, CustomStringConvertible {
    case network(HTTPError)
    case decoding(FactsDecodingError)

    /// Unreachable rather than wrong: view-models go offline and retry themselves.
    public var meansUnreachable: Bool {
        if case .network(let failure) = self { failure.meansUnreachable } else { false }
    }

    public var description: String {
        switch self {
        case .network(let error): error.description
        case .decoding(let error): error.description
        }
    }
}

/// A feed, or word that the one received before has not changed (304 Not Modified).
public enum FactsFetch: Equatable, Sendable {
    case feed(FactsFeed)
    case unchanged
}

/// The facts feed (shared/contracts.md section 4).
public protocol FactsRepository: Sendable {
    /// The feed, asked for whole.
    func fetchFeed() async throws(FactsError) -> FactsFeed
    /// The feed, or `.unchanged` per the last feed's validators.
    func revalidateFeed() async throws(FactsError) -> FactsFetch
}

extension FactsRepository {
    public func revalidateFeed() async throws(FactsError) -> FactsFetch { .feed(try await fetchFeed()) }
}

/// Fetches `facts.json` over HTTP and decodes it off the caller's thread.
public final class LiveFactsRepository: FactsRepository {
    /// The largest feed body, past `maximumRows`; larger is refused in words.
    public static let maximumBodySize = 64 << 20

    private let client: any HTTPClient
    private let backend: @Sendable () async -> Backend
    /// This launch's last validators, for the next revalidation.
    private let validators = Mutex<HTTPValidators?>(nil)

    /// - Parameter backend: where the backend is; asked before each fetch (it may still be starting).
    public init(client: any HTTPClient, backend: @escaping @Sendable () async -> Backend) {
        self.client = client
        self.backend = backend
    }

    public convenience init(client: any HTTPClient, backend: Backend) {
        self.init(client: client) { backend }
    }

    public func fetchFeed() async throws(FactsError) -> FactsFeed {
        switch try await fetch(validators: nil) {
        case .feed(let feed): return feed
        case .unchanged: throw .network(.status(304))
        }
    }

    /// Sends `If-None-Match` and `If-Modified-Since` from the last feed received: a 304 is `.unchanged`.
    public func revalidateFeed() async throws(FactsError) -> FactsFetch {
        try await fetch(validators: validators.withLock { $0 })
    }

    private func fetch(validators asked: HTTPValidators?) async throws(FactsError) -> FactsFetch {
        let url = await backend().facts
        let response: HTTPResponse
        do {
            // A feed stalled or broken is asked for again.
            let request = HTTPRequest(url: url, headers: asked?.conditionalHeaders ?? [], timeout: .seconds(20),
                                      maximumBodySize: Self.maximumBodySize)
            let answer = try await InterruptedTransfer.send(request, with: client)
            if answer.status == 304, asked.map({ !$0.isEmpty }) == true { return .unchanged }
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
        case .success(let feed):
            validators.withLock { $0 = received }
            return .feed(feed)
        case .failure(let error): throw .decoding(error)
        }
    }
}
