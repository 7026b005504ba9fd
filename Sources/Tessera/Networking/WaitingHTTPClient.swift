/// Requests wait for `ready` (the built-in server), so server-less work never does.
public struct WaitingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let ready: @Sendable () async -> Void

    public init(_ base: any HTTPClient, until ready: @escaping @Sendable () async -> Void) {
        self.base = base
        self.ready = ready
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        await ready()
        return try await base.send(request)
    }
}
