import Foundation
import HelperWire

/// Saving data: small progressive JPEGs download only their shown passes, kept; larger sizes fetch the rest.
extension FetchStage {
    /// Where the disk cache keeps a picture's first passes.
    static func passesKey(_ key: ImageKey) -> String { key.url + "#passes" }

    /// First passes enough for this size, stored or downloaded; nil to read the whole.
    func passesEnough(for request: ImageRequest, key: ImageKey) async throws(ImageError) -> Data? {
        guard savesData, request.content == .image, !key.animates, key.region == nil else { return nil }
        let source = source(for: request.url)
        guard source.isRemote, await diskCache?.contains(key.url) != true else { return nil }
        let target = DecodingTarget(side: key.bucket, filling: key.sizing == .fill)
        let storedKey = Self.passesKey(key)
        let stored = await diskCache?.entry(for: storedKey)
        // Passes kept for a smaller size: the rest of the bytes comes after them (`passesToGoOn`).
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

    /// Stored passes when fresh (revalidated when stale), else a download.
    private func passesAlone(_ request: ImageRequest, key: ImageKey, target: DecodingTarget, stored: DiskCache.Entry?,
                             storedKey: String) async throws(ImageError) -> FetchedBytes {
        var asked = request
        asked.enoughAt = target
        switch try await storedOrFetched(asked, stored: stored, storedKey: storedKey, from: source(for: request.url), in: diskCache) {
        case .stored(let data):
            return FetchedBytes(data: data, isWhole: false)
        case .fetched(.passes(let data, let freshness)):
            counters.add(\.fetches)
            keep(data, freshness: freshness, in: diskCache, for: storedKey, replacing: stored != nil, request: request)
            return FetchedBytes(data: data, isWhole: false)
        case .fetched(.bytes(let data, let freshness)):
            counters.add(\.fetches)
            if stored != nil { diskCache?.remove(storedKey) }
            keep(data, freshness: freshness, in: diskCache, for: key.url, replacing: false, request: request)
            return FetchedBytes(data: data, isWhole: true)
        case .fetched:
            throw Self.otherBytes
        }
    }

    /// Kept passes become the start: `asked` asks for the rest; nil asks for the whole.
    func passesToGoOn(from asked: inout ImageRequest, key: ImageKey, in diskCache: DiskCache?) async -> Data? {
        guard savesData, asked.content == .image, let passes = await diskCache?.entry(for: Self.passesKey(key)),
              let validator = passes.freshness.validators.rangeValidator, passes.data.count > ProgressivePasses.end.count else {
            return nil
        }
        let start = passes.data.dropLast(ProgressivePasses.end.count)
        asked.rest = ImageRequest.RestOfBytes(offset: start.count, validator: validator)
        return start
    }
}
