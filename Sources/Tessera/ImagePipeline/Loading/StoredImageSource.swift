import Foundation

/// Bytes stored here under their own scheme (`stored-avatar:7`): quick, so no network slot and no disk cache.
public struct StoredImageSource: ImageSource {
    public let scheme: String
    private let read: @Sendable (URL) async throws -> Data?

    /// - Parameter read: the stored bytes for a URL of `scheme`; nil when nothing is stored.
    public init(scheme: String, read: @escaping @Sendable (URL) async throws -> Data?) {
        self.scheme = scheme
        self.read = read
    }

    public func loads(_ url: URL) -> Bool { url.scheme?.lowercased() == scheme }
    public var isRemote: Bool { false }

    public func data(for request: ImageRequest) async throws(ImageError) -> Data {
        let stored: Data?
        do {
            stored = try await read(request.url)
        } catch {
            throw .unreadable(String(describing: error))
        }
        guard let stored else { throw .notStored }
        return stored
    }
}
