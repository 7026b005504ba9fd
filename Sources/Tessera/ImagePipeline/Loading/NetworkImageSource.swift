import Foundation
import Localization
import Networking
import Scheduling

/// Image bytes over HTTP, visible first, retrying timeouts and 5xx, remembering 4xx a while.
public final class NetworkImageSource: ImageSource {
    private let client: any HTTPClient
    private let slots: PriorityLimiter
    private let timeout: Duration
    private let maximumBodySize: Int
    private let retryDelays: [Duration]
    private let failureMemory: Duration
    private let failedURLs = Mutex<[String: (error: ImageError, until: ContinuousClock.Instant)]>([:])
    /// Where each transfer says how far it has come, while it runs.
    private let progress: DownloadProgress

    /// - Parameter progress: told of every transfer's bytes as they come.
    public init(client: any HTTPClient, configuration: ImagePipeline.Configuration, progress: DownloadProgress = DownloadProgress()) {
        self.client = client
        self.progress = progress
        // What is in view goes before any prefetch starts: sharing slowed a slow link's first screen.
        slots = PriorityLimiter(limit: configuration.maximumConcurrentFetches, urgentFrom: ImageRequest.visible)
        timeout = configuration.fetchTimeout
        maximumBodySize = configuration.maximumDownloadSize
        retryDelays = configuration.retryDelays
        failureMemory = configuration.failureMemory
    }

    public func loads(_ url: URL) -> Bool { true }
    public var isRemote: Bool { true }

    public func data(for request: ImageRequest) async throws(ImageError) -> Data {
        let (response, _) = try await response(for: request, headers: [], retrying: true)
        do throws(HTTPError) {
            return try response.validated().body
        } catch {
            throw .network(error)
        }
    }

    /// Revalidates `stored` (failures show it). `firstBytes` asks a Range, `enoughAt` stops at whole passes,
    /// `rest` asks the remainder with If-Range; servers ignoring Range send the whole.
    public func fetch(_ request: ImageRequest, validating stored: HTTPFreshness?,
                      now: @Sendable () -> Date) async throws(ImageError) -> FetchedImage {
        var headers = stored?.validators.conditionalHeaders ?? []
        if let first = request.firstBytes { headers.append((name: "Range", value: "bytes=0-\(max(first, 1) - 1)")) } // not translated
        if let rest = request.rest {
            headers.append((name: "Range", value: "bytes=\(rest.offset)-")) // not translated
            headers.append((name: "If-Range", value: rest.validator)) // not translated
        }
        let (response, enough) = try await response(for: request, headers: headers, retrying: stored == nil)
        let freshness = HTTPFreshness(headers: response.headers, now: now())
        if response.status == 304, stored != nil { return .notModified(freshness) }
        if response.endedEarly {
            guard response.status == 200, let enough else { throw .network(.connectionLost(tr("the transfer stopped early"))) }
            return .passes(enough, freshness)
        }
        let body: Data
        do throws(HTTPError) {
            body = try response.validated().body
        } catch {
            throw .network(error)
        }
        if response.status == 206, let rest = request.rest {
            let range = RangedDownload.contentRange(response.headers["content-range"])
            let validators = freshness.validators
            guard let range, range.first == rest.offset, range.last + 1 == range.length,
                  body.count == range.length - rest.offset else {
                throw .network(.other(tr("the server sent other bytes than those asked for")))
            }
            // A server that ignored If-Range says which bytes these are: others, the whole.
            guard validators.etag == rest.validator || validators.lastModified == rest.validator else {
                var whole = request
                whole.rest = nil
                return try await fetch(whole, validating: nil, now: now)
            }
            return .rest(body, freshness)
        }
        guard response.status == 206, request.firstBytes != nil else { return .bytes(body, freshness) }
        guard let range = RangedDownload.contentRange(response.headers["content-range"]), range.first == 0,
              range.last - range.first + 1 == body.count else {
            throw .network(.other(tr("the server sent other bytes than those asked for")))
        }
        return range.last + 1 == range.length ? .bytes(body, freshness) : .firstBytes(body, freshness)
    }

    /// The answer with retries and 4xx memory; with `enoughAt`, the passes it stopped at.
    private func response(for request: ImageRequest, headers: [(name: String, value: String)],
                          retrying: Bool) async throws(ImageError) -> (response: HTTPResponse, enough: Data?) {
        let key = request.key
        if let failure = failedURLs.withLock({ $0[key.url] }), failure.until > .now {
            throw failure.error
        }
        var asked = HTTPRequest(url: request.url, headers: headers, timeout: timeout, maximumBodySize: maximumBodySize)
        asked.account = request.account.name
        let httpRequest = asked
        let client = self.client, progress = self.progress
        // A still picture's passes, when it is a progressive JPEG: not a clip, nor its start.
        let readsPasses = request.content == .image && request.firstBytes == nil
        var attempt = 0
        while true {
            if Task.isCancelled { throw .cancelled }
            do throws(HTTPError) {
                let response: HTTPResponse, enough: Data?
                do {
                    (response, enough) = try await slots.run(key: key.description, priority: request.priority) { () async throws(HTTPError) -> (HTTPResponse, Data?) in
                        // Kept from its turn on: a request waiting for a slot has no progress.
                        let number = progress.begin(key.url)
                        defer { progress.end(key.url, number: number) }
                        var watched = httpRequest
                        let passes = readsPasses ? PassesWatch(enoughAt: request.enoughAt) : nil
                        watched.onProgress = { body, expected in
                            progress.update(key.url, number: number, received: body.count, expected: expected,
                                            passes: passes?.read(body, expected: expected))
                            return passes?.enough == nil ? .goOn : .enough
                        }
                        let response = try await client.send(watched)
                        return (response, passes?.enough)
                    }
                } catch let error as HTTPError {
                    throw error
                } catch {
                    throw .cancelled
                }
                // 5xx are retried below as transient failures; 4xx remembered.
                if response.status >= 400 { throw .status(response.status) }
                return (response, enough)
            } catch {
                if case .status(let code) = error, (400..<500).contains(code) {
                    let until = ContinuousClock.now + failureMemory
                    failedURLs.withLock { $0[key.url] = (.network(error), until) }
                }
                guard retrying, error.isTransient, attempt < retryDelays.count else {
                    throw error == .cancelled ? .cancelled : .network(error)
                }
                do { try await Task.sleep(for: retryDelays[attempt]) } catch { throw .cancelled }
                attempt += 1
            }
        }
    }

    /// Holds the fetches below visible priority back (those running go on), or lets them go.
    public func holdPrefetching(_ held: Bool) async {
        await slots.holdBack(held)
    }

    /// Fetches waiting for their turn (for tests).
    public var fetchesWaiting: Int {
        get async { await slots.waitingCount }
    }

    public func setPriority(_ priority: Int, for request: ImageRequest) async {
        await slots.setPriority(priority, forKey: request.key.description)
    }
}
