import Foundation

/// A clip's poster from its first bytes (`Configuration.posterFirstBytes`): a clip written for
/// the web has its index and first keyframe first, so a poster costs its start, not the clip.
extension FetchStage {
    /// Where the disk cache keeps the start of a clip.
    static func startKey(_ key: ImageKey) -> String { key.url + "#first-bytes" }

    /// A clip's start for its poster, from disk or network, and whether it is the whole; nil when the poster
    /// reads from whole bytes.
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
