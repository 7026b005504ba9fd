/// The section a download counts under; never part of a request's identity.
public struct DownloadAccount: Sendable, Hashable {
    public let name: String?

    public init(_ name: String?) { self.name = name }

    public static func == (_: DownloadAccount, _: DownloadAccount) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
