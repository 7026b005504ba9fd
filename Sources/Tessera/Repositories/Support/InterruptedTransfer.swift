import Networking

/// Feed and facts pages asked again after a stall or break; the chat keeps one try by contract.
enum InterruptedTransfer {
    /// Silence this long is a stall; a slow link still sends a page within it.
    static let stallTimeout: Duration = .seconds(5)
    /// Soon, then a moment later.
    static let retryDelays: [Duration] = [.seconds(1), .seconds(3)]

    /// The answer, retried after `retryDelays` while it stalls or breaks.
    static func send(_ request: HTTPRequest, with client: any HTTPClient) async throws(HTTPError) -> HTTPResponse {
        var request = request
        request.stallTimeout = stallTimeout
        var delays = retryDelays[...]
        while true {
            do throws(HTTPError) {
                return try await client.send(request)
            } catch where error.meansInterrupted {
                guard let delay = delays.popFirst(), (try? await Task.sleep(for: delay)) != nil else { throw error }
            }
        }
    }
}
