import Scheduling

/// This session's downloads in bytes by section, counted per whole response, for Preferences.
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
