import Foundation
import Hummingbird
import Synchronization

/// Per-client counts of TCP connections and transfers, so tests can check that a client reuses
/// one connection and never has two transfers at once.
public final class TransferStats: Sendable {
    public struct Client: Codable, Sendable, Equatable {
        /// Distinct TCP connections seen.
        public var connections: Int
        /// Requests answered or being answered.
        public var requests: Int
        /// Responses being written now.
        public var activeTransfers: Int
        /// The most responses ever being written at once.
        public var maxConcurrentTransfers: Int
        /// Requests per path, for "what was fetched" checks.
        public var paths: [String: Int]
        /// The last requested paths with their queries, in the order asked (at most `recentLimit`).
        public var recent: [String]
    }

    /// How many paths `Client.recent` keeps.
    public static let recentLimit = 1000

    private struct State {
        var clients: [String: Client] = [:]
        var connectionIDs: [String: Set<ObjectIdentifier>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    func begin(client: String, connection: ObjectIdentifier, path: String, target: String) {
        state.withLock { state in
            var ids = state.connectionIDs[client, default: []]
            ids.insert(connection)
            state.connectionIDs[client] = ids
            var entry = state.clients[client] ?? Client(connections: 0, requests: 0, activeTransfers: 0,
                                                         maxConcurrentTransfers: 0, paths: [:], recent: [])
            entry.connections = ids.count
            entry.requests += 1
            entry.activeTransfers += 1
            entry.maxConcurrentTransfers = max(entry.maxConcurrentTransfers, entry.activeTransfers)
            entry.paths[path, default: 0] += 1
            entry.recent.append(target)
            if entry.recent.count > Self.recentLimit { entry.recent.removeFirst(entry.recent.count - Self.recentLimit) }
            state.clients[client] = entry
        }
    }

    func end(client: String) {
        state.withLock { state in state.clients[client]?.activeTransfers -= 1 }
    }

    /// A snapshot of every client's counts.
    public func snapshot() -> [String: Client] { state.withLock { $0.clients } }

    public func reset() { state.withLock { $0 = State() } }
}

/// Counts a transfer from the request's arrival until its response body has been written.
struct TransferCountingMiddleware: RouterMiddleware {
    typealias Context = FixtureContext
    let stats: TransferStats

    func handle(_ request: Request, context: FixtureContext,
                next: (Request, FixtureContext) async throws -> Response) async throws -> Response {
        let client = context.clientAddress
        let path = request.uri.path
        guard !path.hasPrefix("/stats") else { return try await next(request, context) }
        stats.begin(client: client, connection: ObjectIdentifier(context.channel), path: path,
                    target: request.uri.description)
        var response: Response
        do {
            response = try await next(request, context)
        } catch {
            stats.end(client: client)
            throw error
        }
        let body = response.body
        let stats = self.stats
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            do {
                try await body.write(writer)
                stats.end(client: client)
            } catch {
                stats.end(client: client)
                throw error
            }
        }
        return response
    }
}

struct StatsRoutes {
    let stats: TransferStats

    func register(on router: Router<FixtureContext>) {
        router.get("stats") { _, _ -> Response in
            let data = try JSONEncoder().encode(stats.snapshot())
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.post("stats/reset") { _, _ -> HTTPResponse.Status in
            stats.reset()
            return .noContent
        }
    }
}
