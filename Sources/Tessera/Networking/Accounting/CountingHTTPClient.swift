// Runs in the app (tessera), on its own threads and curl's.

/// Counts each response body in a `DownloadLedger` under the request's account (or ours).
public struct CountingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let ledger: DownloadLedger
    private let account: String?

    /// - Parameter account: counted under when a request names no account of its own.
    public init(_ base: any HTTPClient, ledger: DownloadLedger, account: String? = nil) {
        self.base = base
        self.ledger = ledger
        self.account = account
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let response = try await base.send(request)
        ledger.add(response.body.count, to: request.account ?? account)
        return response
    }
}
