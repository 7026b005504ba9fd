/// The section a download is counted under, beside the request: all accounts are equal and hash alike, so
/// requests differing only in it share loads and entries.
public struct DownloadAccount: Sendable, Hashable {
    public let name: String?

    public init(_ name: String?) { self.name = name }

    public static func == (_: DownloadAccount, _: DownloadAccount) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
