import Foundation
import Hummingbird
import NIOCore
import Scheduling

/// Per-client connection and transfer counts, to check reuse and one transfer at a time.
public final class TransferStats: Sendable {
    public struct Client: Codable, Sendable, Equatable {
        /// Distinct TCP connections seen.
        public var connections: Int
        /// Connections open now (a client that let its connections go has none).
        public var openConnections: Int = 0
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
        /// The `Range` headers asked, as "PATH bytes=A-B", in order (at most `recentLimit`).
        public var ranges: [String] = []

        fileprivate mutating func count(path: String, target: String, connections: Int) {
            self.connections = connections
            requests += 1
            activeTransfers += 1
            maxConcurrentTransfers = max(maxConcurrentTransfers, activeTransfers)
            paths[path, default: 0] += 1
            recent.append(target)
            if recent.count > TransferStats.recentLimit { recent.removeFirst(recent.count - TransferStats.recentLimit) }
        }
    }

    /// How many paths `Client.recent` keeps.
    public static let recentLimit = 1000

    private struct State {
        var clients: [String: Client] = [:]
        var connectionIDs: [String: Set<ObjectIdentifier>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    func begin(client: String, connection: any Channel, path: String, target: String, range: String?) {
        let isNew = state.withLock { state -> Bool in
            // In place: a copy would copy `paths` on every request.
            let isNew = state.connectionIDs[client, default: []].insert(ObjectIdentifier(connection)).inserted
            let connections = state.connectionIDs[client]?.count ?? 0
            state.clients[client, default: Client(connections: 0, requests: 0, activeTransfers: 0,
                                                  maxConcurrentTransfers: 0, paths: [:], recent: [])]
                .count(path: path, target: target, connections: connections)
            if isNew { state.clients[client]?.openConnections += 1 }
            if let range, var ranges = state.clients[client]?.ranges {
                state.clients[client]?.ranges = []
                ranges.append("\(path) \(range)")
                if ranges.count > Self.recentLimit { ranges.removeFirst() }
                state.clients[client]?.ranges = ranges
            }
            return isNew
        }
        guard isNew else { return }
        connection.closeFuture.whenComplete { [self] _ in
            state.withLock { state in state.clients[client]?.openConnections -= 1 }
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
        stats.begin(client: client, connection: context.channel, path: path,
                    target: request.uri.description, range: request.headers[.range])
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
    /// Bytes sent through the slow link so far (0 without one).
    let linkBytesSent: @Sendable () -> Int

    func register(on router: Router<FixtureContext>) {
        router.get("stats") { _, _ -> Response in
            let data = try JSONEncoder().encode(stats.snapshot())
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.get("stats/link") { _, _ -> Response in
            let data = Data("{\"sent\": \(linkBytesSent())}".utf8)
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.post("stats/reset") { _, _ -> HTTPResponse.Status in
            stats.reset()
            return .noContent
        }
    }
}
