/// The account an image request's download is counted under (a section's name), carried beside
/// the request without being part of it: every account is equal and hashes alike, so requests
/// that differ only in it share one load and one cache entry.
public struct DownloadAccount: Sendable, Hashable {
    public let name: String?

    public init(_ name: String?) { self.name = name }

    public static func == (_: DownloadAccount, _: DownloadAccount) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
