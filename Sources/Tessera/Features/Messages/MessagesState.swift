import DequeModule
import Domain
import Foundation

/// What changed in `visible`, so the view keeps what the user looks at in place.
public enum MessagesChange: Equatable, Sendable {
    case reloaded
    /// Older messages went on top (how many).
    case prepended(Int)
    /// Older messages came while the top was let go: their rows went on top, empty (how many).
    case prependedLetGo(Int)
    /// Messages came at the head while older were asked: `newest` below, `older` on top.
    case grew(older: Int, olderLetGo: Bool, newest: Int)
    /// Messages let go or read back; the empty rows changed, none moved.
    case held
    /// A message the user sent went at the bottom.
    case appended
    /// The message at this index left.
    case removed(Int)
    /// The message at this index changed in place (the user corrected it).
    case changed(Int)
}

/// What the chat screen shows (`MessagesViewModel.State`).
public struct MessagesState: Equatable, Sendable {
    public var timeline = MessageTimeline()
    public var paging: Paging = .idle
    /// Local messages have been read (they show before the first page arrives).
    public var localLoaded = false
    /// A failed send, delete or read, or a replaced damaged database, in words.
    public var notice: String?
    /// When the server's messages shown were last received (at this launch or, saved, at an earlier one).
    public var receivedAt: Date?
    /// The backend could not be reached: the messages shown are those received at `receivedAt`.
    public var isOffline = false
    /// The draft kept from the last launch, however it ended; nil when none.
    public var restoredDraft: String?
    public var unread = 0 // the newest server messages, numbered 1 to this, came since the newest was seen
    public var newMessagesLine: Int? // the number of the oldest that came: the "New messages" line is over it

    public var visible: Deque<ChatMessage> { timeline.visible }
    /// Nothing to show after a failed first page: the placeholder fills the section.
    public var firstPageFailed: Bool {
        if case .failed = paging, timeline.nextOffset == 0, !timeline.hasVisible { return true }
        return false
    }
}
