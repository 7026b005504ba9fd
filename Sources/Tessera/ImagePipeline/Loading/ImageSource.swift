import Foundation

/// Where bytes come from; the first source taking a URL wins, the network last.
public protocol ImageSource: Sendable {
    /// True for the URLs this source loads (by their scheme).
    func loads(_ url: URL) -> Bool
    /// Bytes from elsewhere, worth the disk cache.
    var isRemote: Bool { get }
    func data(for request: ImageRequest) async throws(ImageError) -> Data
    /// The bytes, or word that `stored` bytes are still good (HTTP: a conditional request).
    func fetch(_ request: ImageRequest, validating stored: HTTPFreshness?,
               now: @Sendable () -> Date) async throws(ImageError) -> FetchedImage
    /// Changes the priority of a request still waiting for its turn.
    func setPriority(_ priority: Int, for request: ImageRequest) async
}

/// What a source answered: bytes and what it said about keeping them, or that the bytes stored are still good.
public enum FetchedImage: Sendable {
    /// The whole resource.
    case bytes(Data, HTTPFreshness)
    case notModified(HTTPFreshness)
    /// The start of a longer resource, as `ImageRequest.firstBytes` asked.
    case firstBytes(Data, HTTPFreshness)
    /// First passes that are the picture at `enoughAt`: the download stopped there.
    case passes(Data, HTTPFreshness)
    /// The bytes from `rest`'s offset, the server's start unchanged.
    case rest(Data, HTTPFreshness)
}

extension ImageSource {
    public func setPriority(_ priority: Int, for request: ImageRequest) async {}

    /// The bytes, asking whether `stored` changed; sources without validators always answer bytes.
    public func fetch(_ request: ImageRequest, validating stored: HTTPFreshness?,
                      now: @Sendable () -> Date) async throws(ImageError) -> FetchedImage {
        .bytes(try await data(for: request), HTTPFreshness(freshUntil: .distantFuture))
    }
}
