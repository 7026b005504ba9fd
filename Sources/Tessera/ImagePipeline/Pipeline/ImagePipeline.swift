import Foundation
import HelperWire
import Networking
import Scheduling

/// Loads images for display: memory cache, fetch stage, decode stage, back to memory; equal requests share one
/// load, and slots go by priority. No GTK.
public final class ImagePipeline: Sendable {
    public let configuration: Configuration
    public let memoryCache: MemoryCache
    public let diskCache: DiskCache?
    /// What the network source fetches with (and a clip that streams, `RangedDownload`).
    public let client: any HTTPClient
    /// How far the pictures being downloaded have come (a view that waits shows it).
    public let downloads: DownloadProgress
    private let fetching: FetchStage
    private let decoding: DecodeStage
    private let counters = PipelineCounters()
    /// Loads whose bodies are (or are about to be) in memory until their decode ends.
    private let bodiesInHand: PriorityLimiter
    private let prefetchingHeld = Mutex(false)
    /// Requests of one key share one load and decode; a load nobody waits for lingers (`abandonedLoadGrace`).
    private let loads: SharedWork<ImageKey, DecodedImage>

    /// `sources` come before the network; the first of `decoders` that takes a request decodes it.
    public init(client: any HTTPClient, configuration: Configuration = Configuration(),
                sources: [any ImageSource] = [], decoders: [any ImageDecoding]) {
        self.configuration = configuration
        self.client = client
        memoryCache = MemoryCache(capacity: configuration.memoryCapacity)
        let diskCache = configuration.diskFolder.map { DiskCache(folder: $0, capacity: configuration.diskCapacity) }
        self.diskCache = diskCache
        let downloads = DownloadProgress()
        self.downloads = downloads
        let network = NetworkImageSource(client: client, configuration: configuration, progress: downloads)
        fetching = FetchStage(sources: sources, network: network, diskCache: diskCache, configuration: configuration,
                              counters: counters)
        decoding = DecodeStage(decoders: decoders, counters: counters)
        bodiesInHand = PriorityLimiter(limit: configuration.maximumBodiesInHand)
        // A load nobody waits for goes behind every other; asked again, it takes the new priority.
        let owner = WeakOwner()
        loads = SharedWork(grace: configuration.abandonedLoadGrace, whenAbandoned: { key in
            await owner.pipeline?.setPriority(ImageRequest.abandoned, for: key.request)
        }, whenRejoined: { key, priority in
            await owner.pipeline?.setPriority(priority, for: key.request)
        })
        owner.pipeline = self
    }

    public var statistics: Statistics { counters.snapshot }

    /// Saving data (a metered network, or the person asked): see `FetchStage+SavingData`.
    public var savesData: Bool {
        get { fetching.savesData }
        set { fetching.savesData = newValue }
    }

    /// Whether fetches below visible priority wait for their turn (`holdPrefetching`).
    public var holdsPrefetching: Bool { prefetchingHeld.withLock { $0 } }

    /// Holds fetches below visible priority back until called with false (the window out of sight).
    @discardableResult
    public func holdPrefetching(_ held: Bool) -> Task<Void, Never> {
        prefetchingHeld.withLock { $0 = held }
        // The value when the task runs: calls in quick turn end as the last one said.
        return Task { await fetching.network.holdPrefetching(holdsPrefetching) }
    }

    /// A memory-cache hit, synchronously (a view shows it without a placeholder flash).
    public func cachedImage(for request: ImageRequest) -> DecodedImage? {
        let image = memoryCache.image(for: request.key)
        if image != nil { counters.add(\.memoryHits) }
        return image
    }

    /// The image, decoded to fit `request.maximumPixelSize`.
    public func image(for request: ImageRequest) async throws(ImageError) -> DecodedImage {
        if let image = cachedImage(for: request) { return image }
        if Task.isCancelled { throw .cancelled }
        return try await loads.value(for: request.key, priority: request.priority) {
            await self.load(request, key: request.key)
        }.get()
    }

    /// The whole bytes at `request.url`, undecoded (a clip, a saved picture), joining a fetch under way.
    public func data(for request: ImageRequest) async throws(ImageError) -> Data {
        try await fetching.fetched(request, key: request.key, firstBytes: nil).data
    }

    /// What the picture says of how it was taken, read from its whole bytes (`data(for:)`) by `request`'s decoder.
    public func details(of data: Data, for request: ImageRequest) async throws(ImageError) -> PictureDetails {
        try await decoding.details(of: data, for: request)
    }

    /// The bytes at `request.url` when this machine has them, fresh or not; nil when they must be fetched.
    public func storedData(for request: ImageRequest) async -> Data? {
        await fetching.storedData(for: request)
    }

    /// Changes the priority of a request still waiting for a fetch or decode slot.
    public func setPriority(_ priority: Int, for request: ImageRequest) async {
        await fetching.setPriority(priority, for: request)
        await decoding.setPriority(priority, for: request)
        await bodiesInHand.setPriority(priority, forKey: request.key.description)
    }

    /// A downloading picture's passes so far, decoded at most at its size, and their count. Not kept.
    public func passesSoFar(for request: ImageRequest) async -> (image: DecodedImage, passes: Int)? {
        guard let passes = downloads.passes(for: request), let (decoder, slots) = decoding.decoder(for: request),
              !decoder.readsURL else { return nil }
        var asked = request
        if let detail = passes.detailSize {
            let side = request.sizing == .fill ? min(detail.width, detail.height) : max(detail.width, detail.height)
            if side < request.key.bucket {
                asked.maximumPixelSize = max(1, side)
                asked.exactSize = true
            }
        }
        var key = asked.key
        key.passes = passes.count
        guard let decoded = try? await decoding.decode(.data(passes.bytes), with: decoder, slots: slots, request: asked,
                                                       key: key, counted: false),
              let image = passes.topRowsOnly ? TopRows.withoutFill(decoded) : decoded else { return nil }
        return (image, passes.count)
    }

    /// Returns once the bodies handed to the disk cache are written.
    public func finishDiskWrites() async {
        await diskCache?.flush()
    }

    /// Forgets every image in memory and on disk; what is on screen stays until its view lets go.
    public func removeAll() async {
        memoryCache.removeAll()
        await diskCache?.removeAll()
    }

    /// Fetches waiting for their turn on the network (for tests).
    public var fetchesWaiting: Int {
        get async { await fetching.network.fetchesWaiting }
    }

    /// Requesters waiting for `request`'s load: nil when none runs, 0 during its grace.
    func requestersWaiting(for request: ImageRequest) -> Int? { loads.waiters(for: request.key) }

    /// Loads waiting for room for their bodies (for tests).
    public var loadsWaitingForRoom: Int {
        get async { await bodiesInHand.waitingCount }
    }

    // MARK: Loading

    private func load(_ request: ImageRequest, key: ImageKey) async -> Result<DecodedImage, ImageError> {
        do throws(ImageError) {
            guard let (decoder, slots) = decoding.decoder(for: request) else { throw .notAnImage }
            let image: DecodedImage
            if decoder.readsURL {
                image = try await decoding.decode(.url(request.url), with: decoder, slots: slots, request: request, key: key)
            } else {
                image = try await holdingABody(request) { () async throws(ImageError) -> DecodedImage in
                    if let start = try await self.fetching.clipStart(for: request, key: key) {
                        do throws(ImageError) {
                            return try await self.decoding.decode(.data(start.data), with: decoder, slots: slots, request: request, key: key)
                        } catch let error where start.isWhole || error == .cancelled {
                            throw error
                        } catch {
                            self.fetching.forgetStart(of: key)
                        }
                    }
                    let data = try await self.fetching.bytes(for: request, key: key)
                    return try await self.decoding.decode(.data(data), with: decoder, slots: slots, request: request, key: key)
                }
            }
            // A viewer's region is not kept: each pan's part would push the sections' pictures out.
            if key.region == nil { memoryCache.insert(image, for: key) }
            return .success(image)
        } catch {
            return .failure(error)
        }
    }

    /// Runs `body` (a load and its decode) once a body fits among `maximumBodiesInHand`.
    private func holdingABody(_ request: ImageRequest,
                              _ body: @Sendable () async throws(ImageError) -> DecodedImage) async throws(ImageError) -> DecodedImage {
        do {
            return try await bodiesInHand.run(key: request.key.description, priority: request.priority, body)
        } catch let error as ImageError {
            throw error
        } catch {
            throw .cancelled
        }
    }
}

/// The pipeline, for the closures its `SharedWork` is made with before the pipeline exists.
private final class WeakOwner: @unchecked Sendable { // set once, in the pipeline's init
    weak var pipeline: ImagePipeline?
}
