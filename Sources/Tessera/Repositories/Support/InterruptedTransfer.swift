import Networking

/// The feed's pages and the facts feed asked again when their transfer went silent or broke (a
/// quiet Wi-Fi, a dropped connection). A server that cannot be reached shows offline at once, the
/// section's tries taking over. The chat keeps its 10 s and one try: the contract's chat answers
/// "too slow" on purpose, a failure to show with Retry, not to wait out three times.
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
