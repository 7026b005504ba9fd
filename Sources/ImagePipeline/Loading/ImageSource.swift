import Foundation

/// Where an image's bytes come from: the network, or bytes already stored on this machine (a
/// person's avatar in the database). The pipeline asks its sources in order and uses the first
/// that takes the request's URL; the network takes what no other source does.
public protocol ImageSource: Sendable {
    /// True for the URLs this source loads (by their scheme).
    func loads(_ url: URL) -> Bool
    /// True when the bytes come from elsewhere and are worth keeping in the disk cache; bytes
    /// already stored here are not copied into it.
    var isRemote: Bool { get }
    func data(for request: ImageRequest) async throws(ImageError) -> Data
    /// Changes the priority of a request still waiting for its turn.
    func setPriority(_ priority: Int, for request: ImageRequest) async
}

extension ImageSource {
    public func setPriority(_ priority: Int, for request: ImageRequest) async {}
}
