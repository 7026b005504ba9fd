import Foundation

/// Where bytes come from: the network, or stored here. The first source taking a URL is used; the network takes
/// the rest.
public protocol ImageSource: Sendable {
    /// True for the URLs this source loads (by their scheme).
    func loads(_ url: URL) -> Bool
    /// True when the bytes come from elsewhere and are worth keeping in the disk cache; bytes
    /// already stored here are not copied into it.
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
    /// A progressive JPEG's first passes, closed as a picture of their own, which are the picture
    /// at the size `ImageRequest.enoughAt` asked: its download stopped there.
    case passes(Data, HTTPFreshness)
    /// The bytes from `ImageRequest.rest`'s offset to the end: the server's are still those whose
    /// start is here.
    case rest(Data, HTTPFreshness)
}

extension ImageSource {
    public func setPriority(_ priority: Int, for request: ImageRequest) async {}

    /// The bytes for `request`, asking, when `stored` describes bytes already on disk, whether
    /// they changed. A source without validators always answers with bytes, fresh for ever.
    public func fetch(_ request: ImageRequest, validating stored: HTTPFreshness?,
                      now: @Sendable () -> Date) async throws(ImageError) -> FetchedImage {
        .bytes(try await data(for: request), HTTPFreshness(freshUntil: .distantFuture))
    }
}
