/// Where a list loaded page by page stands: the feed going down, the chat going up. One page is
/// asked at a time; a failed page is asked again, at the same cursor, only by Retry; once the
/// server has nothing more, nothing is asked.
public enum Paging: Equatable, Sendable {
    case idle
    case loading
    /// The last page failed, for this reason; Retry asks the same cursor.
    case failed(String)
    /// The server has nothing more (the feed's last post, the chat's first message).
    case ended

    /// Whether the next page may be asked for now.
    public var canLoadMore: Bool { self == .idle }
    /// Whether Retry has something to do.
    public var canRetry: Bool { failure != nil }
    /// Why the last page failed, if it did.
    public var failure: String? {
        if case .failed(let reason) = self { return reason }
        return nil
    }
}
