import Foundation

/// Saved server messages: shown before the network, and where paging resumes.
public struct SavedChat: Equatable, Sendable {
    /// Oldest first.
    public var messages: [ChatMessage]
    /// The offset the next older page is asked at.
    public var nextOffset: Int
    public var reachedBeginning: Bool
    /// When a page was last received.
    public var savedAt: Date
    /// Saved messages older than `messages`, not read (the chat reads them back as the view comes near them).
    public var olderNotRead: Int
    public var newerNotRead: Int // saved messages newer than `messages` (numbered 1 to this), not read
    /// The newest messages, numbered 1 to this, that came since the person last saw the newest.
    public var unread: Int

    public init(messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, savedAt: Date, olderNotRead: Int = 0,
                newerNotRead: Int = 0, unread: Int = 0) {
        self.messages = messages
        self.newerNotRead = newerNotRead
        self.unread = unread
        self.olderNotRead = olderNotRead
        self.nextOffset = nextOffset
        self.reachedBeginning = reachedBeginning
        self.savedAt = savedAt
    }
}
