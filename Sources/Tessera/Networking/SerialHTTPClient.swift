import Scheduling
/// One request at a time over one kept-alive connection, highest priority first: the People seed's avatars.
public final class SerialHTTPClient: Sendable {
    private let client: any HTTPClient
    private let limiter = PriorityLimiter(limit: 1)

    /// - Parameter ledger: counts downloads under `account`; nil: nowhere.
    public init(ledger: DownloadLedger? = nil, account: String? = nil) {
        let connection = CurlHTTPClient(configuration: .singleConnection)
        client = ledger.map { CountingHTTPClient(connection, ledger: $0, account: account) } ?? connection
    }

    /// Sends `request` when it is its turn. `key` names it for `setPriority` (a URL string does).
    public func send(_ request: HTTPRequest, key: String, priority: Int) async throws(HTTPError) -> HTTPResponse {
        let client = self.client
        do {
            return try await limiter.run(key: key, priority: priority) { () async throws(HTTPError) -> HTTPResponse in
                try await client.send(request)
            }
        } catch let error as HTTPError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// Changes the priority of a request still waiting (a row scrolled into or out of view).
    public func setPriority(_ priority: Int, forKey key: String) async {
        await limiter.setPriority(priority, forKey: key)
    }

    /// How many requests wait for their turn.
    public var waitingCount: Int { get async { await limiter.waitingCount } }
}
