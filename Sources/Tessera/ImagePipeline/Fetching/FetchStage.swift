import Foundation
import Localization
import Networking
import Scheduling

/// Bytes from the first source taking the address, through the disk cache's freshness; one transfer each.
final class FetchStage: Sendable {
    /// Asked in order; the network source comes last and takes any URL.
    let sources: [any ImageSource]
    let network: NetworkImageSource
    let diskCache: DiskCache?
    let configuration: ImagePipeline.Configuration
    let counters: PipelineCounters
    /// Fetches of one stored key share one transfer, done in the first load's task.
    let fetches = JoinedWork<String, FetchedBytes>()
    private let savingData = Mutex(false)

    /// A fetch's bytes, and whether they are the whole (not a clip's start, not first passes).
    struct FetchedBytes: Sendable {
        var data: Data
        var isWhole: Bool
    }

    init(sources: [any ImageSource], network: NetworkImageSource, diskCache: DiskCache?,
         configuration: ImagePipeline.Configuration, counters: PipelineCounters) {
        self.sources = sources + [network]
        self.network = network
        self.diskCache = diskCache
        self.configuration = configuration
        self.counters = counters
    }

    /// Saving data (`ImagePipeline.savesData`): see `FetchStage+SavingData`.
    var savesData: Bool {
        get { savingData.withLock { $0 } }
        set { savingData.withLock { $0 = newValue } }
    }

    func source(for url: URL) -> any ImageSource {
        sources.first { $0.loads(url) } ?? sources[sources.count - 1]
    }

    /// Changes the priority of a request still waiting for its fetch.
    func setPriority(_ priority: Int, for request: ImageRequest) async {
        await source(for: request.url).setPriority(priority, for: request)
    }

    /// Saving data, sufficient first passes; else the whole.
    func bytes(for request: ImageRequest, key: ImageKey) async throws(ImageError) -> Data {
        if let passes = try await passesEnough(for: request, key: key) { return passes }
        return try await fetched(request, key: key, firstBytes: nil).data
    }

    /// The bytes at `request.url` when this machine has them, asking no server; nil otherwise.
    func storedData(for request: ImageRequest) async -> Data? {
        let source = source(for: request.url)
        guard source.isRemote else { return try? await source.data(for: request) }
        guard let entry = await diskCache?.entry(for: request.key.url) else { return nil }
        counters.add(\.diskHits)
        return entry.data
    }

    /// The bytes (or their start), fresh from disk or fetched and kept, and whether whole; shared by equal
    /// loads.
    func fetched(_ request: ImageRequest, key: ImageKey, firstBytes: Int?) async throws(ImageError) -> (data: Data, isWhole: Bool) {
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
        // Saving data, the first passes kept are the start of the whole: only the rest is asked.
        let start = firstBytes == nil && stored == nil ? await passesToGoOn(from: &asked, key: key, in: diskCache) : nil
        switch try await storedOrFetched(asked, stored: stored, storedKey: storedKey, from: source, in: diskCache) {
        case .stored(let data):
            return (data, firstBytes == nil)
        case .fetched(.bytes(let data, let freshness)):
            if source.isRemote { counters.add(\.fetches) }
            // A start asked for that is the whole clip: kept as the whole, in place of a start.
            if firstBytes != nil, stored != nil { diskCache?.remove(storedKey) }
            // The whole in place of first passes kept to save data.
            if start != nil { diskCache?.remove(Self.passesKey(key)) }
            keep(data, freshness: freshness, in: diskCache, for: key.url, replacing: firstBytes == nil && stored != nil, request: request)
            return (data, true)
        case .fetched(.rest(let rest, let freshness)):
            guard let start else { throw Self.otherBytes }
            counters.add(\.fetches)
            let data = start + rest
            diskCache?.remove(Self.passesKey(key))
            keep(data, freshness: freshness, in: diskCache, for: key.url, replacing: false, request: request)
            return (data, true)
        case .fetched(.firstBytes(let data, let freshness)):
            guard firstBytes != nil else { throw Self.otherBytes }
            counters.add(\.fetches)
            keep(data, freshness: freshness, in: diskCache, for: storedKey, replacing: stored != nil, request: request)
            return (data, false)
        case .fetched(.passes), .fetched(.notModified):
            throw Self.otherBytes
        }
    }

    static var otherBytes: ImageError { .network(.other(tr("the server sent other bytes than those asked for"))) }

    /// Bytes stored, or what the source answered.
    enum StoredOrFetched {
        case stored(Data)
        case fetched(FetchedImage)
    }

    /// Fresh `stored`, else the source asked with validators; a failure shows them stale.
    func storedOrFetched(_ asked: ImageRequest, stored: DiskCache.Entry?, storedKey: String,
                         from source: any ImageSource, in diskCache: DiskCache?) async throws(ImageError) -> StoredOrFetched {
        if let stored, stored.freshness.isFresh(at: configuration.now()) {
            counters.add(\.diskHits)
            return .stored(stored.data)
        }
        let fetched: FetchedImage
        do {
            fetched = try await source.fetch(asked, validating: stored?.freshness, now: configuration.now)
        } catch let error where error != .cancelled && stored != nil {
            counters.add(\.diskHits)
            return .stored(stored!.data)
        }
        guard case .notModified(let freshness) = fetched else { return .fetched(fetched) }
        guard let stored else { throw .network(.status(304)) }
        counters.add(\.revalidations)
        diskCache?.refresh(stored.freshness.updated(by: freshness), for: storedKey)
        return .stored(stored.data)
    }

    /// Keeps fetched bytes unless the server forbids it (then the old entry goes).
    func keep(_ data: Data, freshness: HTTPFreshness, in cache: DiskCache?, for key: String, replacing: Bool, request: ImageRequest) {
        if freshness.forbidsStoring {
            if replacing { cache?.remove(key) }
        } else {
            cache?.store(data, freshness: freshness, for: key, account: request.account.name,
                         keep: request.priority >= ImageRequest.visible)
        }
    }
}
