/// Another client whose requests wait until `ready` returns (the built-in server listening), so
/// that what needs no server (a picture on disk) never waits for one to start.
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
