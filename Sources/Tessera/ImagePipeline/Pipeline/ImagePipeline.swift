import Foundation
import HelperWire
import Localization
import Networking
import Scheduling
import Synchronization

/// Loads images for display: memory cache, then a source's bytes (the disk cache in front of the
/// network), then a decode to the size shown, and back to the memory cache. Every picture takes
/// this one road: photos and thumbnails over HTTP, People's avatars from the database (a
/// `StoredImageSource`), video posters read by a decoder the `Video` module supplies.
///
/// Identical requests in flight share one load and one decode; the shared work is cancelled only
/// when its last requester cancels, and a decode whose requesters all left before its turn is
/// skipped. Sources and decoders wait for a slot by priority (visible above prefetch, changeable
/// while waiting); decodes run on the decoder's threads, below the UI's priority. Nothing here
/// touches GTK.
public final class ImagePipeline: Sendable {
    public struct Configuration: Sendable {
        public var memoryCapacity: Int
        /// nil: no disk cache.
        public var diskFolder: URL?
        public var diskCapacity: Int
        public var maximumConcurrentFetches: Int
        /// How long a URL that answered 4xx is remembered as failed.
        public var failureMemory: Duration
        /// Waits before the retries of a transient failure.
        public var retryDelays: [Duration]
        public var fetchTimeout: Duration
        /// Image bodies larger than this are refused.
        public var maximumDownloadSize: Int
        /// At most this many bodies in memory between the start of their load (from the network
        /// or the disk) and the end of their decode.
        public var maximumBodiesInHand: Int
        /// How long a load goes on once every requester has left, behind every other load, before
        /// it is cancelled.
        public var abandonedLoadGrace: Duration
        /// A clip's poster is read from this many bytes of its start when the clip is longer
        /// (the whole clip when they hold no frame); nil: from the whole clip.
        public var posterFirstBytes: Int?
        /// What time it is, for the disk cache's freshness (tests move it on).
        public var now: @Sendable () -> Date = { Date() }

        /// - Parameters:
        ///   - diskCapacity: 500 MiB: about 5,000 photos of 100 KB, what a user scrolls through in
        ///     many sittings of the feed, kept for when the network is gone.
        ///   - maximumConcurrentFetches: six, a browser's connections per host: enough to fill a
        ///     screen of tiles quickly, few enough that visible images are not queued behind
        ///     prefetches on the wire.
        ///   - failureMemory: two minutes: a missing image is not asked for again on every scroll,
        ///     and one fixed on the server shows up within a sitting.
        ///   - retryDelays: two retries, soon and then after a second: most transient failures are
        ///     a dropped connection or a server restarting.
        ///   - maximumDownloadSize: larger bodies are refused as hostile rather than held in memory.
        ///   - abandonedLoadGrace: a second. A card scrolled past and back, or laid out again as
        ///     the pictures above it arrive (Facts' cards take their heights from their pictures),
        ///     asks again within it and joins the same load rather than starting a second
        ///     transfer, and a small picture finishes into the disk cache; short enough, and
        ///     behind every other load meanwhile, that on a slow link what became visible waits
        ///     little.
        ///   - maximumBodiesInHand: twenty-four: the six fetches a screen fills with, and enough
        ///     fetched bodies waiting that the decoders do not wait for the network when decode
        ///     times vary (twelve cost the images benchmark a fifth of its cold throughput; 24
        ///     measured as unlimited). Without a limit loading ran ahead of decoding: at the
        ///     feed's scrolling speed every tile near the view had its body fetched and waiting
        ///     for a decoding thread, 38 MB at the peak.
        ///   - posterFirstBytes: 1 MiB: a clip written for the web has its index first, then its
        ///     first keyframe (a 1080p one some 100-500 KB), so a poster costs its start rather
        ///     than the whole clip, which at 1 Mbit/s is 40 s for 5 MB. A clip no longer than this
        ///     comes whole and stays on disk, to play offline; a longer one downloads when played.
        public init(memoryCapacity: Int = MemoryCache.defaultCapacity, diskFolder: URL? = nil,
                    diskCapacity: Int = 500 << 20, maximumConcurrentFetches: Int = 6,
                    failureMemory: Duration = .seconds(120), retryDelays: [Duration] = [.milliseconds(300), .seconds(1)],
                    fetchTimeout: Duration = .seconds(30), maximumDownloadSize: Int = DecodingLimits.maximumBodyBytes,
                    abandonedLoadGrace: Duration = .seconds(1), maximumBodiesInHand: Int = 24,
                    posterFirstBytes: Int? = 1 << 20) {
            self.memoryCapacity = memoryCapacity
            self.diskFolder = diskFolder
            self.diskCapacity = diskCapacity
            self.maximumConcurrentFetches = maximumConcurrentFetches
            self.failureMemory = failureMemory
            self.retryDelays = retryDelays
            self.fetchTimeout = fetchTimeout
            self.maximumDownloadSize = maximumDownloadSize
            self.abandonedLoadGrace = abandonedLoadGrace
            self.maximumBodiesInHand = maximumBodiesInHand
            self.posterFirstBytes = posterFirstBytes
        }
    }

    /// Counts for tests and benchmarks.
    public struct Statistics: Sendable, Equatable {
        public var memoryHits = 0
        public var diskHits = 0
        /// Bytes a remote source delivered (the disk cache did not have them, or had them stale
        /// and the server sent new ones).
        public var fetches = 0
        /// Stale bytes on disk the server said were still good (304 Not Modified).
        public var revalidations = 0
        public var decodes = 0
    }

    public let configuration: Configuration
    public let memoryCache: MemoryCache
    public let diskCache: DiskCache?
    /// What the network source fetches with (and a clip that streams, `RangedDownload`).
    public let client: any HTTPClient
    /// How far the pictures being downloaded have come (a view that waits shows it).
    public let downloads: DownloadProgress

    /// Returns once the bodies handed to the disk cache are written.
    public func finishDiskWrites() async {
        await diskCache?.flush()
    }

    /// Forgets every image, in memory and on disk ("Clear saved data"); what is on screen stays
    /// until its view lets go of it.
    public func removeAll() async {
        memoryCache.removeAll()
        await diskCache?.removeAll()
    }
    /// Asked in order; the network source comes last and takes any URL.
    private let sources: [any ImageSource]
    private let network: NetworkImageSource
    /// Asked in order, each with its own slots.
    private let decoders: [(decoder: any ImageDecoding, slots: PriorityLimiter)]
    /// Loads whose bodies are (or are about to be) in memory until their decode ends.
    private let bodiesInHand: PriorityLimiter
    private let state = Mutex(State())
    /// Requests of one key (address, size and sizing) share one load and one decode; a load
    /// nobody waits for goes on for `abandonedLoadGrace` (see there), behind every other.
    private let loads: SharedWork<ImageKey, DecodedImage>
    /// Fetches of one address (or of its start) share one transfer, whatever size each of their
    /// loads decodes it to: a viewer opened on a tile whose picture is still downloading joins
    /// that download, where it started a second of the same bytes beside it (on a slow link, each
    /// then came at half the speed). Done in the first load's task (`JoinedWork`).
    private let fetches = JoinedWork<String, FetchedBytes>()

    /// A fetch's bytes, and whether they are the whole (not a clip's start).
    private struct FetchedBytes: Sendable {
        var data: Data
        var isWhole: Bool
    }

    private struct State {
        var statistics = Statistics()
        var holdsPrefetching = false
        var savesData = false
    }

    /// Saving data (a metered network, or the person asked): a progressive JPEG shown at an
    /// eighth of its size or less is downloaded only until its passes are the picture there
    /// (`ProgressivePasses.areWhole(at:)`: the same pixels as the whole, measured at 41 to 85 %
    /// of the bytes), kept on disk beside where the whole would be; a larger size of it (the
    /// viewer) downloads the rest. Other pictures come whole: the backends serve one size.
    public var savesData: Bool {
        get { state.withLock { $0.savesData } }
        set { state.withLock { $0.savesData = newValue } }
    }

    /// Whether fetches below visible priority (what is ahead of the view, a load nobody waits for)
    /// wait for their turn (`holdPrefetching`).
    public var holdsPrefetching: Bool { state.withLock { $0.holdsPrefetching } }

    /// Holds fetches below visible priority back until called with false: while the window is out
    /// of sight, where nobody looks and the link is better left to others. Fetches under way go
    /// on. The task returned ends once the network's slots follow.
    @discardableResult
    public func holdPrefetching(_ held: Bool) -> Task<Void, Never> {
        state.withLock { $0.holdsPrefetching = held }
        // The value when the task runs: calls in quick turn end as the last one said.
        return Task { await network.holdPrefetching(holdsPrefetching) }
    }

    /// Fetches waiting for their turn on the network (for tests).
    public var fetchesWaiting: Int {
        get async { await network.fetchesWaiting }
    }

    /// - Parameters:
    ///   - client: what the network source fetches with.
    ///   - sources: asked before the network, in order (bytes stored on this machine).
    ///   - decoders: asked in order, the first that takes a request decodes it: video frames, and
    ///     pictures (the app's `SandboxedImageDecoder` in a helper process, or `PixbufImageDecoder`
    ///     in this one). The pipeline holds no decoder of its own, so that what decodes
    ///     untrusted bytes, and where, is chosen in one place.
    public init(client: any HTTPClient, configuration: Configuration = Configuration(),
                sources: [any ImageSource] = [], decoders: [any ImageDecoding]) {
        self.configuration = configuration
        self.client = client
        memoryCache = MemoryCache(capacity: configuration.memoryCapacity)
        diskCache = configuration.diskFolder.map { DiskCache(folder: $0, capacity: configuration.diskCapacity) }
        let downloads = DownloadProgress()
        self.downloads = downloads
        let network = NetworkImageSource(client: client, configuration: configuration, progress: downloads)
        self.network = network
        self.sources = sources + [network]
        self.decoders = decoders.map { ($0, PriorityLimiter(limit: $0.threads.count)) }
        bodiesInHand = PriorityLimiter(limit: configuration.maximumBodiesInHand)
        // A load nobody waits for goes behind every other while its grace lasts; asked for again,
        // it takes the new requester's priority.
        let owner = WeakOwner()
        loads = SharedWork(grace: configuration.abandonedLoadGrace, whenAbandoned: { key in
            await owner.pipeline?.setPriority(ImageRequest.abandoned, for: key.request)
        }, whenRejoined: { key, priority in
            await owner.pipeline?.setPriority(priority, for: key.request)
        })
        owner.pipeline = self
    }

    /// How many requesters wait for the load of `request` (for tests): nil when none runs, 0
    /// while a load nobody wants is in its grace.
    func requestersWaiting(for request: ImageRequest) -> Int? { loads.waiters(for: request.key) }

    /// Loads waiting for room for their bodies (for tests).
    public var loadsWaitingForRoom: Int {
        get async { await bodiesInHand.waitingCount }
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
        return try await loads.value(for: request.key, priority: request.priority) {
            await self.load(request, key: request.key)
        }.get()
    }

    /// The passes come so far of `request`'s picture while it downloads (a progressive JPEG over
    /// a slow link, `DownloadProgress.Reading.passes`), decoded to the request's size as its
    /// image is, or smaller when they hold less detail (`Passes.detailSize`, to be scaled up where
    /// shown): shown blurred until the image comes, and how many passes it holds; a baseline
    /// JPEG's rows come so far, the rest transparent (`TopRows`). Not kept: the image replaces it.
    /// nil when no passes have come, or they could not be decoded.
    public func passesSoFar(for request: ImageRequest) async -> (image: DecodedImage, passes: Int)? {
        guard let passes = downloads.passes(for: request), let (decoder, slots) = decoder(for: request),
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
        guard let decoded = try? await decode(.data(passes.bytes), with: decoder, slots: slots, request: asked,
                                              key: key, counted: false),
              let image = passes.topRowsOnly ? TopRows.withoutFill(decoded) : decoded else { return nil }
        return (image, passes.count)
    }

    /// The bytes at `request.url` as the pipeline fetches and keeps them (the disk cache, its
    /// freshness rules, stale bytes when offline), undecoded: the clip the viewer plays, whose
    /// poster fetched it already. A fetch of them under way is joined. Always the whole, saving
    /// data or not (a picture saved to a file, its properties).
    public func data(for request: ImageRequest) async throws(ImageError) -> Data {
        try await fetched(request, key: request.key, firstBytes: nil).data
    }

    /// The bytes at `request.url` when this machine has them (a stored source's, or the disk
    /// cache's, fresh or not), asking no server; nil when they must be fetched. A clip that is
    /// not here plays as it downloads instead.
    public func storedData(for request: ImageRequest) async -> Data? {
        let source = source(for: request.url)
        guard source.isRemote else { return try? await source.data(for: request) }
        guard let entry = await diskCache?.entry(for: request.key.url) else { return nil }
        state.withLock { $0.statistics.diskHits += 1 }
        return entry.data
    }

    /// Changes the priority of a request still waiting for a fetch or decode slot.
    public func setPriority(_ priority: Int, for request: ImageRequest) async {
        await source(for: request.url).setPriority(priority, for: request)
        if let slots = decoder(for: request)?.slots {
            await slots.setPriority(priority, forKey: request.key.description)
        }
        await bodiesInHand.setPriority(priority, forKey: request.key.description)
    }

    // MARK: Loading

    private func load(_ request: ImageRequest, key: ImageKey) async -> Result<DecodedImage, ImageError> {
        do throws(ImageError) {
            guard let (decoder, slots) = decoder(for: request) else { throw .notAnImage }
            let image: DecodedImage
            if decoder.readsURL {
                image = try await decode(.url(request.url), with: decoder, slots: slots, request: request, key: key)
            } else {
                image = try await holdingABody(request) { () async throws(ImageError) -> DecodedImage in
                    if let start = try await self.clipStart(for: request, key: key) {
                        do throws(ImageError) {
                            return try await self.decode(.data(start.data), with: decoder, slots: slots, request: request, key: key)
                        } catch let error where start.isWhole || error == .cancelled {
                            throw error
                        } catch {
                            // Its start held no frame (a clip with its index at the end): the whole clip.
                            self.diskCache?.remove(Self.startKey(key))
                        }
                    }
                    let data = try await self.bytes(for: request, key: key)
                    return try await self.decode(.data(data), with: decoder, slots: slots, request: request, key: key)
                }
            }
            // A part of a picture (a viewer's region) is asked for once: kept here, each pan's
            // part (30 MB at 100 % at scale 2) pushed the sections' pictures out for nothing.
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

    private func source(for url: URL) -> any ImageSource {
        sources.first { $0.loads(url) } ?? sources[sources.count - 1]
    }

    private func decoder(for request: ImageRequest) -> (decoder: any ImageDecoding, slots: PriorityLimiter)? {
        decoders.first { $0.decoder.decodes(request) }
    }

    /// Where the disk cache keeps the start of a clip (`clipStart`).
    private static func startKey(_ key: ImageKey) -> String { key.url + "#first-bytes" }

    /// The start of a clip whose poster is asked for (`Configuration.posterFirstBytes`), from the
    /// disk cache or the network, and whether it is the whole clip; nil when the poster is read
    /// from the whole clip as from any picture's bytes: not a poster, bytes stored on this
    /// machine, or the whole clip on disk already.
    private func clipStart(for request: ImageRequest, key: ImageKey) async throws(ImageError) -> (data: Data, isWhole: Bool)? {
        guard request.content == .videoFrame, let first = configuration.posterFirstBytes,
              source(for: request.url).isRemote, await diskCache?.entry(for: key.url) == nil else { return nil }
        return try await fetched(request, key: key, firstBytes: first)
    }

    private func bytes(for request: ImageRequest, key: ImageKey) async throws(ImageError) -> Data {
        if let passes = try await passesEnough(for: request, key: key) { return passes }
        return try await fetched(request, key: key, firstBytes: nil).data
    }

    /// Where the disk cache keeps a picture's first passes (`passesEnough`).
    private static func passesKey(_ key: ImageKey) -> String { key.url + "#passes" }

    /// Saving data (`savesData`), a still picture whose whole is not on disk: its first passes
    /// when they are the picture at the size asked, from the disk cache or from a download that
    /// stops there (and is kept); nil when the picture is to be read from its whole bytes (not a
    /// progressive JPEG, not small enough, or the whole came meanwhile).
    private func passesEnough(for request: ImageRequest, key: ImageKey) async throws(ImageError) -> Data? {
        guard savesData, request.content == .image, !key.animates, key.region == nil else { return nil }
        let source = source(for: request.url)
        guard source.isRemote, await diskCache?.contains(key.url) != true else { return nil }
        let target = DecodingTarget(side: key.bucket, filling: key.sizing == .fill)
        let storedKey = Self.passesKey(key)
        let stored = await diskCache?.entry(for: storedKey)
        // Passes kept for a smaller size: the rest of the bytes comes after them (`fetchedAlone`).
        if let stored, !ProgressivePasses.areWhole(stored.data, at: target) { return nil }
        let fetched = try await fetches.value(for: storedKey) {
            do throws(ImageError) {
                return .success(try await self.passesAlone(request, key: key, target: target, stored: stored, storedKey: storedKey))
            } catch {
                return .failure(error)
            }
        }.get()
        // Joined a download for another size: its passes may be too few for this one.
        guard !fetched.isWhole, ProgressivePasses.areWhole(fetched.data, at: target) else {
            return fetched.isWhole ? fetched.data : nil
        }
        return fetched.data
    }

    /// `passesEnough`, for one load: the passes on disk (`stored`, enough for `target`) when
    /// fresh (when stale, the server asked whether they changed), else a download.
    private func passesAlone(_ request: ImageRequest, key: ImageKey, target: DecodingTarget, stored: DiskCache.Entry?,
                             storedKey: String) async throws(ImageError) -> FetchedBytes {
        var asked = request
        asked.enoughAt = target
        switch try await storedOrFetched(asked, stored: stored, storedKey: storedKey, from: source(for: request.url), in: diskCache) {
        case .stored(let data):
            return FetchedBytes(data: data, isWhole: false)
        case .fetched(.passes(let data, let freshness)):
            state.withLock { $0.statistics.fetches += 1 }
            keep(data, freshness: freshness, in: diskCache, for: storedKey, replacing: stored != nil, request: request)
            return FetchedBytes(data: data, isWhole: false)
        case .fetched(.bytes(let data, let freshness)):
            state.withLock { $0.statistics.fetches += 1 }
            if stored != nil { diskCache?.remove(storedKey) }
            keep(data, freshness: freshness, in: diskCache, for: key.url, replacing: false, request: request)
            return FetchedBytes(data: data, isWhole: true)
        case .fetched:
            throw .network(.other(tr("the server sent other bytes than those asked for")))
        }
    }


    /// The bytes of `request` (with `firstBytes`, only its start when it is longer) from the disk
    /// cache when fresh there, else from its source, asking whether stored bytes changed, and kept
    /// in the disk cache: the whole under the request's address, a start under `startKey`. Says
    /// whether they are the whole. Shared with every load of the same bytes meanwhile (`fetches`).
    private func fetched(_ request: ImageRequest, key: ImageKey, firstBytes: Int?) async throws(ImageError) -> (data: Data, isWhole: Bool) {
        let storedKey = firstBytes == nil ? key.url : Self.startKey(key)
        let fetched = try await fetches.value(for: storedKey) {
            do throws(ImageError) {
                let (data, isWhole) = try await self.fetchedAlone(request, key: key, firstBytes: firstBytes, storedKey: storedKey)
                return .success(FetchedBytes(data: data, isWhole: isWhole))
            } catch {
                return .failure(error)
            }
        }.get()
        return (fetched.data, fetched.isWhole)
    }

    /// `fetched`, for one load.
    private func fetchedAlone(_ request: ImageRequest, key: ImageKey, firstBytes: Int?,
                              storedKey: String) async throws(ImageError) -> (data: Data, isWhole: Bool) {
        let source = source(for: request.url)
        let diskCache = source.isRemote ? self.diskCache : nil
        let stored = await diskCache?.entry(for: storedKey)
        var asked = request
        asked.firstBytes = firstBytes
        // Saving data, the first passes kept (`passesEnough`) are the start of the whole: the rest.
        var start: Data?
        if savesData, firstBytes == nil, stored == nil, request.content == .image,
           let passes = await diskCache?.entry(for: Self.passesKey(key)),
           let validator = passes.freshness.validators.rangeValidator, passes.data.count > ProgressivePasses.end.count {
            start = passes.data.dropLast(ProgressivePasses.end.count)
            asked.rest = ImageRequest.RestOfBytes(offset: start!.count, validator: validator)
        }
        switch try await storedOrFetched(asked, stored: stored, storedKey: storedKey, from: source, in: diskCache) {
        case .stored(let data):
            return (data, firstBytes == nil)
        case .fetched(.bytes(let data, let freshness)):
            if source.isRemote { state.withLock { $0.statistics.fetches += 1 } }
            // A start asked for that is the whole clip: kept as the whole, in place of a start.
            if firstBytes != nil, stored != nil { diskCache?.remove(storedKey) }
            // The whole in place of first passes kept to save data.
            if start != nil { diskCache?.remove(Self.passesKey(key)) }
            keep(data, freshness: freshness, in: diskCache, for: key.url, replacing: firstBytes == nil && stored != nil, request: request)
            return (data, true)
        case .fetched(.rest(let rest, let freshness)):
            guard let start else { throw .network(.other(tr("the server sent other bytes than those asked for"))) }
            state.withLock { $0.statistics.fetches += 1 }
            let data = start + rest
            diskCache?.remove(Self.passesKey(key))
            keep(data, freshness: freshness, in: diskCache, for: key.url, replacing: false, request: request)
            return (data, true)
        case .fetched(.firstBytes(let data, let freshness)):
            guard firstBytes != nil else { throw .network(.other(tr("the server sent other bytes than those asked for"))) }
            state.withLock { $0.statistics.fetches += 1 }
            keep(data, freshness: freshness, in: diskCache, for: storedKey, replacing: stored != nil, request: request)
            return (data, false)
        case .fetched(.passes), .fetched(.notModified):
            throw .network(.other(tr("the server sent other bytes than those asked for")))
        }
    }

    /// Bytes stored, or what the source answered.
    private enum StoredOrFetched {
        case stored(Data)
        case fetched(FetchedImage)
    }

    /// `stored` (kept under `storedKey`) when fresh; else the source's answer to `asked`, asked
    /// with their validators: on a 304 they are fresh again, and when the source fails (offline,
    /// the server failing) they show, stale bytes beating none. Never `.notModified`.
    private func storedOrFetched(_ asked: ImageRequest, stored: DiskCache.Entry?, storedKey: String,
                                 from source: any ImageSource, in diskCache: DiskCache?) async throws(ImageError) -> StoredOrFetched {
        if let stored, stored.freshness.isFresh(at: configuration.now()) {
            state.withLock { $0.statistics.diskHits += 1 }
            return .stored(stored.data)
        }
        let fetched: FetchedImage
        do {
            fetched = try await source.fetch(asked, validating: stored?.freshness, now: configuration.now)
        } catch let error where error != .cancelled && stored != nil {
            state.withLock { $0.statistics.diskHits += 1 }
            return .stored(stored!.data)
        }
        guard case .notModified(let freshness) = fetched else { return .fetched(fetched) }
        guard let stored else { throw .network(.status(304)) }
        state.withLock { $0.statistics.revalidations += 1 }
        diskCache?.refresh(stored.freshness.updated(by: freshness), for: storedKey)
        return .stored(stored.data)
    }

    /// Keeps fetched bytes in `cache` under `key`, unless the server forbids it (then a stored
    /// entry they replace goes).
    private func keep(_ data: Data, freshness: HTTPFreshness, in cache: DiskCache?, for key: String, replacing: Bool, request: ImageRequest) {
        if freshness.forbidsStoring {
            if replacing { cache?.remove(key) }
        } else {
            cache?.store(data, freshness: freshness, for: key, keep: request.priority >= ImageRequest.visible)
        }
    }

    /// `counted`: told in `statistics.decodes` (an image's passes are not).
    private func decode(_ input: ImageInput, with decoder: any ImageDecoding, slots: PriorityLimiter,
                        request: ImageRequest, key: ImageKey, counted: Bool = true) async throws(ImageError) -> DecodedImage {
        let target = DecodingTarget(side: key.bucket, filling: key.sizing == .fill, animates: key.animates, region: key.region)
        let abandoned = CancellationFlag()
        let result: Result<DecodedImage, ImageError>
        do {
            result = try await slots.run(key: key.description, priority: request.priority) {
                await withTaskCancellationHandler {
                    await decoder.threads.run {
                        // Everyone who wanted it left while it waited for a thread: skip the work.
                        if abandoned.isSet { return .failure(.cancelled) }
                        return Result { () throws(ImageError) in try decoder.decode(input, to: target) }
                    }
                } onCancel: {
                    abandoned.set()
                }
            }
        } catch {
            throw .cancelled
        }
        if counted { state.withLock { $0.statistics.decodes += 1 } }
        return try result.get()
    }
}

/// Set once from any thread, read from another.
private final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}

/// The pipeline, for the closures its `SharedWork` is made with before the pipeline exists.
private final class WeakOwner: @unchecked Sendable { // set once, in the pipeline's init
    weak var pipeline: ImagePipeline?
}
