import Synchronization

/// What this session downloaded, in bytes, by what it was for (`HTTPRequest.account`: a
/// section's name), counted as each response arrives whole. Preferences shows it; a person on
/// a metered link sees where the data went.
public final class DownloadLedger: Sendable {
    /// Where a request that names no account is counted.
    public static let unaccounted = "other" // not translated: a key, not words

    private let totals = Mutex<[String: Int]>([:])

    public init() {}

    public func add(_ bytes: Int, to account: String?) {
        guard bytes > 0 else { return }
        totals.withLock { $0[account ?? Self.unaccounted, default: 0] += bytes }
    }

    /// Bytes so far by account.
    public var byAccount: [String: Int] { totals.withLock { $0 } }
}
