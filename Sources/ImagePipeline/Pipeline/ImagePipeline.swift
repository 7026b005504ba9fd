import Foundation
import Networking
import Scheduling
import Synchronization

/// Loads images for display: memory cache, then disk cache, then the network, then a decode to the
/// size shown, and back to the memory cache.
///
/// Identical requests in flight share one transfer and one decode; the shared work is cancelled
/// only when its last requester cancels. Fetches wait for a slot by priority (visible above
/// prefetch, changeable while waiting); decodes run on threads below the UI's priority, one per core at most. A URL that
/// failed with a 4xx is not asked again for a while; timeouts and 5xx retry twice with backoff.
/// Nothing here touches GTK.
public final class ImagePipeline: Sendable {
    public struct Configuration: Sendable {
        public var memoryCapacity: Int
        /// nil: no disk cache.
        public var diskFolder: URL?
        public var diskCapacity: Int
        public var maximumConcurrentFetches: Int
        public var maximumConcurrentDecodes: Int
        /// How long a URL that answered 4xx is remembered as failed.
        public var failureMemory: Duration
        /// Waits before the retries of a transient failure.
        public var retryDelays: [Duration]
        public var fetchTimeout: Duration
        /// Image bodies larger than this are refused.
        public var maximumDownloadSize: Int

        public init(memoryCapacity: Int = MemoryCache.defaultCapacity, diskFolder: URL? = nil,
                    diskCapacity: Int = 256 << 20, maximumConcurrentFetches: Int = 6,
                    maximumConcurrentDecodes: Int = ProcessInfo.processInfo.activeProcessorCount,
                    failureMemory: Duration = .seconds(120), retryDelays: [Duration] = [.milliseconds(300), .seconds(1)],
                    fetchTimeout: Duration = .seconds(30), maximumDownloadSize: Int = 40 << 20) {
            self.memoryCapacity = memoryCapacity
            self.diskFolder = diskFolder
            self.diskCapacity = diskCapacity
            self.maximumConcurrentFetches = maximumConcurrentFetches
            self.maximumConcurrentDecodes = maximumConcurrentDecodes
            self.failureMemory = failureMemory
            self.retryDelays = retryDelays
            self.fetchTimeout = fetchTimeout
            self.maximumDownloadSize = maximumDownloadSize
        }
    }

    /// Counts for tests and benchmarks.
    public struct Statistics: Sendable, Equatable {
        public var memoryHits = 0
        public var diskHits = 0
        public var fetches = 0
        public var decodes = 0
    }

    public let configuration: Configuration
    public let memoryCache: MemoryCache
    public let diskCache: DiskCache?
    private let client: any HTTPClient
    private let decoder = ImageDecoder()
    private let fetchSlots: PriorityLimiter
    private let decodeSlots: PriorityLimiter
    /// Decodes run below the UI's priority, one thread per core, shared by every pipeline.
    static let decodeThreads = BackgroundThreads(name: "tessera-decode", count: ProcessInfo.processInfo.activeProcessorCount)
    private let state = Mutex(State())

    private struct State {
        var inFlight: [ImageKey: InFlight] = [:]
        var failedURLs: [String: (error: ImageError, until: ContinuousClock.Instant)] = [:]
        var statistics = Statistics()
        var nextWaiter = 0
    }

    /// Shared work for one key and the requesters waiting for it.
    private final class InFlight: @unchecked Sendable { // touched under `state`'s lock only
        var task: Task<Void, Never>?
        var waiters: [Int: CheckedContinuation<Result<DecodedImage, ImageError>, Never>] = [:]
    }

    public init(client: any HTTPClient, configuration: Configuration = Configuration()) {
        self.client = client
        self.configuration = configuration
        memoryCache = MemoryCache(capacity: configuration.memoryCapacity)
        diskCache = configuration.diskFolder.map { DiskCache(folder: $0, capacity: configuration.diskCapacity) }
        fetchSlots = PriorityLimiter(limit: configuration.maximumConcurrentFetches)
        decodeSlots = PriorityLimiter(limit: configuration.maximumConcurrentDecodes)
    }

    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// A memory-cache hit, synchronously (a view shows it without a placeholder flash).
    public func cachedImage(for request: ImageRequest) -> DecodedImage? {
        let image = memoryCache.image(for: request.key)
        if image != nil { state.withLock { $0.statistics.memoryHits += 1 } }
        return image
    }

    /// The image, decoded to fit `request.maximumPixelSize`.
    public func image(for request: ImageRequest) async throws(ImageError) -> DecodedImage {
        if let image = cachedImage(for: request) { return image }
        if Task.isCancelled { throw .cancelled }
        let key = request.key
        let id = state.withLock { state -> Int in state.nextWaiter += 1; return state.nextWaiter }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                join(key: key, request: request, waiter: id, continuation: continuation)
            }
        } onCancel: {
            leave(key: key, waiter: id)
        }
        return try result.get()
    }

    /// Changes the priority of a request still waiting for a fetch slot.
    public func setPriority(_ priority: Int, for request: ImageRequest) async {
        await fetchSlots.setPriority(priority, forKey: request.key.description)
    }

    // MARK: Sharing

    private func join(key: ImageKey, request: ImageRequest, waiter: Int,
                      continuation: CheckedContinuation<Result<DecodedImage, ImageError>, Never>) {
        state.withLock { state in
            if let shared = state.inFlight[key] {
                shared.waiters[waiter] = continuation
                return
            }
            let shared = InFlight()
            shared.waiters[waiter] = continuation
            state.inFlight[key] = shared
            shared.task = Task { [self] in
                let result = await load(request, key: key)
                let waiters = self.state.withLock { state -> [CheckedContinuation<Result<DecodedImage, ImageError>, Never>] in
                    guard state.inFlight[key] === shared else { return [] }
                    state.inFlight[key] = nil
                    return Array(shared.waiters.values)
                }
                waiters.forEach { $0.resume(returning: result) }
            }
        }
    }

    /// A requester cancelled: it is answered now; the shared work stops only if nobody else waits.
    private func leave(key: ImageKey, waiter: Int) {
        let (continuation, taskToCancel) = state.withLock { state -> (CheckedContinuation<Result<DecodedImage, ImageError>, Never>?, Task<Void, Never>?) in
            guard let shared = state.inFlight[key], let continuation = shared.waiters.removeValue(forKey: waiter) else {
                return (nil, nil)
            }
            guard shared.waiters.isEmpty else { return (continuation, nil) }
            state.inFlight[key] = nil
            return (continuation, shared.task)
        }
        continuation?.resume(returning: .failure(.cancelled))
        taskToCancel?.cancel()
    }

    // MARK: Loading

    private func load(_ request: ImageRequest, key: ImageKey) async -> Result<DecodedImage, ImageError> {
        do {
            let data = try await bytes(for: request, key: key)
            let image = try await decode(data, request: request, key: key)
            memoryCache.insert(image, for: key)
            return .success(image)
        } catch let error as ImageError {
            return .failure(error)
        } catch {
            return .failure(.cancelled)
        }
    }

    private func bytes(for request: ImageRequest, key: ImageKey) async throws -> Data {
        let url = key.url
        if let failure = state.withLock({ $0.failedURLs[url] }), failure.until > .now {
            throw failure.error
        }
        if let diskCache, let data = await diskCache.data(for: url) {
            state.withLock { $0.statistics.diskHits += 1 }
            return data
        }
        let httpRequest = HTTPRequest(url: request.url, timeout: configuration.fetchTimeout,
                                      maximumBodySize: configuration.maximumDownloadSize)
        let client = self.client
        var attempt = 0
        while true {
            try Task.checkCancellation()
            do {
                let response = try await fetchSlots.run(key: key.description, priority: request.priority) { () async throws(HTTPError) -> HTTPResponse in
                    try await client.send(httpRequest)
                }
                state.withLock { $0.statistics.fetches += 1 }
                let data = try response.validated().body
                diskCache?.store(data, for: url)
                return data
            } catch let error as HTTPError {
                if case .status(let code) = error, (400..<500).contains(code) {
                    let until = ContinuousClock.now + configuration.failureMemory
                    state.withLock { $0.failedURLs[url] = (.network(error), until) }
                }
                guard error.isTransient, attempt < configuration.retryDelays.count else {
                    throw error == .cancelled ? ImageError.cancelled : ImageError.network(error)
                }
                try await Task.sleep(for: configuration.retryDelays[attempt])
                attempt += 1
            }
        }
    }

    private func decode(_ data: Data, request: ImageRequest, key: ImageKey) async throws -> DecodedImage {
        let decoder = self.decoder, size = key.bucket, filling = key.sizing == .fill
        let result = try await decodeSlots.run(key: key.description, priority: request.priority) {
            await Self.decodeThreads.run {
                Result { () throws(ImageError) in try decoder.decode(data, maximumPixelSize: size, filling: filling) }
            }
        }
        state.withLock { $0.statistics.decodes += 1 }
        return try result.get()
    }
}

