import Domain
import Foundation
import Localization

/// One HTTP request. Only `http` and `https` URLs are ever sent.
public struct HTTPRequest: Sendable {
    public enum Method: String, Sendable { case get = "GET", post = "POST", head = "HEAD" }

    public var url: URL
    public var method: Method
    public var headers: [(name: String, value: String)]
    public var body: Data?
    /// The whole exchange must finish within this time.
    public var timeout: Duration
    /// Larger bodies are refused with `HTTPError.bodyTooLarge` (and the transfer stopped).
    public var maximumBodySize: Int
    /// Below `lowSpeedLimit` this long is `HTTPError.timeout`; nil: `lowSpeedTime`.
    public var stallTimeout: Duration?
    /// What the download is for (a section's name), for `CountingHTTPClient`'s ledger.
    public var account: String?
    /// The body so far every `progressStep` and at the end; `.enough` stops it. Nil: nobody watches.
    public var onProgress: (@Sendable (_ body: UnsafeRawBufferPointer, _ expected: Int?) -> ProgressAnswer)?

    /// What a reader of a transfer's progress answers.
    public enum ProgressAnswer: Sendable {
        case goOn
        /// What has come is all the reader wants (a picture's first passes, on a metered network).
        case enough
    }

    /// Eight reports a second at 1 Mbit/s; few on fast links.
    public static let progressStep = 16 << 10

    public init(url: URL, method: Method = .get, headers: [(name: String, value: String)] = [],
                body: Data? = nil, timeout: Duration = .seconds(30), maximumBodySize: Int = 32 << 20) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maximumBodySize = maximumBodySize
    }

    /// A POST with a JSON body.
    public static func postJSON(_ url: URL, _ object: some Encodable, timeout: Duration = .seconds(30)) throws -> HTTPRequest {
        HTTPRequest(url: url, method: .post, headers: [("Content-Type", "application/json")],
                    body: try JSONEncoder().encode(object), timeout: timeout)
    }
}

/// A response: status, headers (names lower-cased) and the whole body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// Where the response came from after redirects.
    public var url: URL
    /// The request's progress reader said it had enough before the body's end: `body` is only its start.
    public var endedEarly = false

    public init(status: Int, headers: [String: String], body: Data, url: URL) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// The response, or `HTTPError.status` when the status is not 2xx.
    public func validated() throws(HTTPError) -> HTTPResponse {
        guard (200..<300).contains(status) else { throw .status(status) }
        return self
    }
}

/// Why an exchange failed, in terms a view-model can turn into words.
public enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No route to the host: offline, DNS failure, connection refused.
    case unreachable(String)
    case timeout
    /// The server answered with a non-2xx status.
    case status(Int)
    case bodyTooLarge(limit: Int)
    case cancelled
    /// Not a URL at all.
    case invalidURL(String)
    /// A URL or redirect to a scheme other than http or https.
    case refusedURL(String)
    case tooManyRedirects
    case tls(String)
    /// The connection broke before the response was complete.
    case connectionLost(String)
    case other(String)

    /// The backend could not be reached at all, rather than answered wrong.
    public var meansUnreachable: Bool {
        switch self {
        case .unreachable, .timeout, .connectionLost: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .unreachable(let detail): tr("The server could not be reached ({detail}).", ["detail": detail])
        case .timeout: tr("The server took too long to answer.")
        case .status(let code): tr("The server answered with an error (HTTP {code}).", ["code": String(code)])
        case .bodyTooLarge(let limit): tr("The response was larger than {size} KB.", ["size": String(limit / 1024)])
        case .cancelled: tr("The request was cancelled.")
        case .invalidURL(let url): tr("{address} is not a valid web address.", ["address": url])
        case .refusedURL(let url): tr("{address} is not an http or https address.", ["address": url])
        case .tooManyRedirects: tr("The server redirected too many times.")
        case .tls(let detail): tr("The secure connection failed ({detail}).", ["detail": detail])
        case .connectionLost(let detail): tr("The connection was lost ({detail}).", ["detail": detail])
        case .other(let detail): tr("The request failed ({detail}).", ["detail": detail])
        }
    }

    /// Started and stopped (silent or broken): worth asking again soon.
    public var meansInterrupted: Bool {
        switch self {
        case .timeout, .connectionLost: true
        default: false
        }
    }

    /// Worth trying again later (the contract's "timeouts and 5xx").
    public var isTransient: Bool {
        switch self {
        case .timeout, .connectionLost, .unreachable: true
        case .status(let code): code >= 500
        default: false
        }
    }
}

/// Sends requests off the caller's thread; cancelling the task cancels the transfer.
public protocol HTTPClient: Sendable {
    func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse
}

extension HTTPRequest {
    /// Refuses anything that is not an absolute http(s) URL with a host.
    func checkedURL() throws(HTTPError) -> String {
        switch WebURL.check(url) {
        case .success: return url.absoluteString
        case .failure(.notHTTP): throw .refusedURL(url.absoluteString)
        case .failure(.notAURL): throw .invalidURL(url.absoluteString)
        }
    }
}
