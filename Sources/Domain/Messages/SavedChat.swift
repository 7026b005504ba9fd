import Foundation

/// The server's messages kept from earlier launches: what the chat shows before (or without) the
/// network, and where its paging picks up.
public struct SavedChat: Equatable, Sendable {
    /// Oldest first.
    public var messages: [ChatMessage]
    /// The offset the next older page is asked at.
    public var nextOffset: Int
    public var reachedBeginning: Bool
    /// When a page was last received.
    public var savedAt: Date

    public init(messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, savedAt: Date) {
        self.messages = messages
        self.nextOffset = nextOffset
        self.reachedBeginning = reachedBeginning
        self.savedAt = savedAt
    }
}
