/// A paged list's state: one page at a time, failed ones only by Retry, none after the end.
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
