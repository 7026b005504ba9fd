import Networking

/// Feed and facts pages asked again when their transfer went silent or broke; an unreachable server is offline
/// at once. The chat keeps one try: its slowness is the contract's, shown with Retry.
enum InterruptedTransfer {
    /// A transfer that sends nothing for this long has stalled, where a slow link still sends
    /// some: a page is a few kilobytes, and a link of 1 Mbit/s sends one in a fraction of that.
    static let stallTimeout: Duration = .seconds(5)
    /// The waits before each new try: the first soon (a dropped connection is made again at
    /// once), the second later (a link that stalled twice may need a moment).
    static let retryDelays: [Duration] = [.seconds(1), .seconds(3)]

    /// `request`'s answer, its transfer given up after `stallTimeout` of silence and asked for
    /// again after each of `retryDelays` while it stalls or breaks.
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
