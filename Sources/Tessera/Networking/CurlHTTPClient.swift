import Foundation

/// `HTTPClient` on libcurl's multi interface: kept-alive connections, HTTP/2, per-host limits.
public final class CurlHTTPClient: HTTPClient, Sendable {
    public struct Configuration: Sendable {
        /// Connections per host at once (browsers use 6).
        public var maximumConnectionsPerHost: Int
        /// Connections in all; 0 means no limit beyond the per-host one.
        public var maximumConnections: Int
        public var connectTimeout: Duration
        /// Abort a transfer slower than `lowSpeedLimit` bytes a second for `lowSpeedTime`.
        public var lowSpeedLimit: Int
        public var lowSpeedTime: Duration
        public var maximumRedirects: Int
        public var userAgent: String
        /// The proxy each request goes through, per address (the desktop's settings).
        public var proxies: ProxyResolver = .desktop

        public init(maximumConnectionsPerHost: Int = 6, maximumConnections: Int = 0,
                    connectTimeout: Duration = .seconds(10), lowSpeedLimit: Int = 1024,
                    lowSpeedTime: Duration = .seconds(15), maximumRedirects: Int = 5,
                    userAgent: String = "Tessera/0.1") {
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.maximumConnections = maximumConnections
            self.connectTimeout = connectTimeout
            self.lowSpeedLimit = lowSpeedLimit
            self.lowSpeedTime = lowSpeedTime
            self.maximumRedirects = maximumRedirects
            self.userAgent = userAgent
        }

        /// Every transfer over one kept-alive connection (the People avatars).
        public static var singleConnection: Configuration {
            var configuration = Configuration()
            configuration.maximumConnectionsPerHost = 1
            configuration.maximumConnections = 1
            return configuration
        }
    }

    public let configuration: Configuration
    /// Apart from the client, so letting the client go ends it.
    private let loop: CurlTransferLoop

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        loop = CurlTransferLoop(configuration: configuration)
    }

    deinit {
        loop.stop()
    }

    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let url = try request.checkedURL()
        if Task.isCancelled { throw .cancelled }
        try loop.start()
        let transfer = Transfer(request: request, url: url, configuration: configuration)
        let loop = self.loop
        let result: Result<HTTPResponse, HTTPError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.continuation = continuation
                loop.add(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
        return try result.get()
    }
}
