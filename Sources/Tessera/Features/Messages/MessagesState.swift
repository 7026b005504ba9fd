import DequeModule
import Domain
import Foundation

/// What changed in the chat's `visible` messages, so the view can keep what the user is looking
/// at in place (`MessagesViewModel.Change`).
public enum MessagesChange: Equatable, Sendable {
    case reloaded
    /// Older messages went on top (how many).
    case prepended(Int)
    /// Older messages came while the top was let go: their rows went on top, empty (how many).
    case prependedLetGo(Int)
    /// Messages came at the head while older ones were asked: numbers moved up by `newest`, which went below,
    /// and `older` went on top.
    case grew(older: Int, olderLetGo: Bool, newest: Int)
    /// Messages were let go or read back: which rows are empty above and below those held
    /// changed (`MessageTimeline.releasedAbove`, `releasedBelow`); no row moved.
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
    /// A message for the user: a failed send, delete or read of the stored messages, or a
    /// damaged database that was replaced.
    public var notice: String?
    /// When the server's messages shown were last received (at this launch or, saved, at an earlier one).
    public var receivedAt: Date?
    /// The backend could not be reached: the messages shown are those received at `receivedAt`.
    public var isOffline = false
    /// The composer's text kept from the last launch (a quit, a crash or a kill), read before
    /// the local messages show; nil when there was none.
    public var restoredDraft: String?

    public var visible: Deque<ChatMessage> { timeline.visible }
    /// The first page failed and there is nothing to show: the placeholder fills the section.
    /// With stored messages, the failure is an inline Retry above them instead.
    public var firstPageFailed: Bool {
        if case .failed = paging, timeline.nextOffset == 0, !timeline.hasVisible { return true }
        return false
    }
}
