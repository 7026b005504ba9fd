import CCurl
import Foundation

/// One exchange: its easy handle, what has arrived so far and the waiting caller.
final class Transfer: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    let request: HTTPRequest
    var continuation: CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>?
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body = Data()
    /// Above any feed photo, below what a lying Content-Length could reserve.
    static let largestReservation = 8 << 20
    private var headers = ResponseHeaders()
    /// The body's whole length as the last response's headers said it, for `onProgress`.
    private var expectedLength: Int?
    /// The body's length when `onProgress` was last told.
    private var reportedLength = 0
    private var exceededLimit = false
    /// The progress reader had what it wanted: the transfer stopped there.
    private var stoppedByReader = false
    private var finished = false
    private let finishLock = NSLock()

    init(request: HTTPRequest, url: String, configuration: CurlHTTPClient.Configuration) {
        self.request = request
        easy = tessera_curl_easy_init()
        let this = Unmanaged.passUnretained(self).toOpaque()
        tessera_curl_easy_setopt_string(easy, CURLOPT_URL, url)
        tessera_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        tessera_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        tessera_curl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        tessera_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        tessera_curl_easy_setopt_long(easy, CURLOPT_MAXREDIRS, configuration.maximumRedirects)
        tessera_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeout))
        tessera_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout))
        tessera_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_LIMIT, configuration.lowSpeedLimit)
        tessera_curl_easy_setopt_long(easy, CURLOPT_LOW_SPEED_TIME, max(1, Self.milliseconds(request.stallTimeout ?? configuration.lowSpeedTime) / 1000))
        // The desktop's proxy for this address (nil: curl reads the environment as it does by itself).
        if let proxy = configuration.proxies.curlProxy(for: request.url) { tessera_curl_easy_setopt_string(easy, CURLOPT_PROXY, proxy) }
        tessera_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
        tessera_curl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
        tessera_curl_easy_setopt_long(easy, CURLOPT_TCP_KEEPALIVE, 1)
        tessera_curl_easy_setopt_long(easy, CURLOPT_PIPEWAIT, 1)
        tessera_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        tessera_curl_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent)
        tessera_curl_easy_setopt_off_t(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.maximumBodySize))
        switch request.method {
        case .get: break
        case .head: tessera_curl_easy_setopt_long(easy, CURLOPT_NOBODY, 1)
        case .post:
            let payload = request.body ?? Data()
            tessera_curl_easy_setopt_long(easy, CURLOPT_POST, 1)
            tessera_curl_easy_setopt_long(easy, CURLOPT_POSTFIELDSIZE, payload.count)
            payload.withUnsafeBytes { bytes in
                _ = tessera_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS,
                                                     UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!))
            }
        }
        for header in request.headers {
            headerList = tessera_curl_slist_append(headerList, "\(header.name): \(header.value)")
        }
        if let headerList { tessera_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, headerList) }
        tessera_curl_easy_setopt_write(easy, writeCallback, this)
        tessera_curl_easy_setopt_header(easy, headerCallback, this)
        tessera_curl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, this)
    }

    deinit {
        tessera_curl_easy_cleanup(easy)
        if let headerList { tessera_curl_slist_free_all(headerList) }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Resumes the caller once, whatever calls it first (completion, cancellation, shutdown).
    func finish(_ result: Result<HTTPResponse, HTTPError>) {
        let continuation = finishLock.withLock { () -> CheckedContinuation<Result<HTTPResponse, HTTPError>, Never>? in
            guard !finished else { return nil }
            finished = true
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: result)
    }

    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= request.maximumBodySize else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        if let onProgress = request.onProgress,
           body.count - reportedLength >= HTTPRequest.progressStep || body.count == expectedLength {
            reportedLength = body.count
            if body.withUnsafeBytes({ onProgress($0, expectedLength) }) == .enough {
                stoppedByReader = true
                return false
            }
        }
        return true
    }

    /// A header line read as bytes (Foundation's trimming was slow).
    func header(_ line: UnsafeRawBufferPointer) {
        switch headers.read(line) {
        case .status:
            expectedLength = nil
        case .field("content-length", _):
            expectedLength = headers.contentLength
            // One allocation of the announced length, not a doubling buffer.
            if body.isEmpty, let length = expectedLength, length > 0 {
                body = Data(capacity: min(length, request.maximumBodySize, Self.largestReservation))
            }
        case .field, .other:
            break
        }
    }

    func outcome(_ code: CURLcode) -> Result<HTTPResponse, HTTPError> {
        let endedEarly = code == CURLE_WRITE_ERROR && stoppedByReader
        guard code == CURLE_OK || endedEarly else { return .failure(error(for: code)) }
        var status = 0
        tessera_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var effective: UnsafeMutablePointer<CChar>? = nil
        tessera_curl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
        let url = effective.flatMap { URL(string: String(cString: $0)) } ?? request.url
        var response = HTTPResponse(status: status, headers: headers.fields, body: body, url: url)
        response.endedEarly = endedEarly
        return .success(response)
    }

    private func error(for code: CURLcode) -> HTTPError {
        let detail = String(cString: tessera_curl_easy_strerror(code))
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT:
            return .unreachable(detail)
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout
        case CURLE_WRITE_ERROR where exceededLimit, CURLE_FILESIZE_EXCEEDED:
            return .bodyTooLarge(limit: request.maximumBodySize)
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .refusedURL(redirectTarget() ?? request.url.absoluteString)
        case CURLE_URL_MALFORMAT:
            return .invalidURL(request.url.absoluteString)
        case CURLE_TOO_MANY_REDIRECTS:
            return .tooManyRedirects
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
             CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR:
            return .tls(detail)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .connectionLost(detail)
        default:
            return .other(detail)
        }
    }

    /// The Location a refused redirect pointed at, for the error message.
    private func redirectTarget() -> String? {
        var target: UnsafeMutablePointer<CChar>? = nil
        tessera_curl_easy_getinfo_string(easy, CURLINFO_REDIRECT_URL, &target)
        return target.map { String(cString: $0) } ?? headers.fields["location"]
    }
}

private let writeCallback: tessera_curl_data_callback = { data, size, count, user in
    let transfer = Unmanaged<Transfer>.fromOpaque(user!).takeUnretainedValue()
    let length = size * count
    guard let data else { return length }
    return transfer.append(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let headerCallback: tessera_curl_data_callback = { data, size, count, user in
    let transfer = Unmanaged<Transfer>.fromOpaque(user!).takeUnretainedValue()
    let length = size * count
    if let data {
        transfer.header(UnsafeRawBufferPointer(start: data, count: length))
    }
    return length
}
