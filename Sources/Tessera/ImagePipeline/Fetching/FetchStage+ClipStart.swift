import Foundation

/// A web clip's index and first keyframe come first, so a poster costs its start.
extension FetchStage {
    /// Where the disk cache keeps the start of a clip.
    static func startKey(_ key: ImageKey) -> String { key.url + "#first-bytes" }

    /// A clip's start and whether whole; nil when the poster reads whole bytes.
    func clipStart(for request: ImageRequest, key: ImageKey) async throws(ImageError) -> (data: Data, isWhole: Bool)? {
        guard request.content == .videoFrame, let first = configuration.posterFirstBytes,
              source(for: request.url).isRemote, await diskCache?.entry(for: key.url) == nil else { return nil }
        return try await fetched(request, key: key, firstBytes: first)
    }

    /// Its start held no frame (a clip with its index at the end): forgotten, the whole is read.
    func forgetStart(of key: ImageKey) {
        diskCache?.remove(Self.startKey(key))
    }
}
