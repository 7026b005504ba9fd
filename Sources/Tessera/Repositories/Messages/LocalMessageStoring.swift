import Domain
import Foundation

/// Sent messages' seam between screen and database; `LocalMessageStore` implements it.
public protocol LocalMessageStoring: Sendable {
    /// Why the database found at launch was replaced by a new one, in words, if it was.
    var replacementNotice: String? { get }
    /// Every local message, oldest first.
    func all() async throws -> [ChatMessage]
    /// Stores `text`, sent now (answering `quote`'s message, with `picture`, if given); returns the stored message.
    func add(_ text: String, replyingTo quote: ReplyQuote?, picture: ChatPicture?) async throws -> ChatMessage
    /// Replaces the text of the message `id`, edited now; returns the stored message.
    func edit(id: Int64, text: String) async throws -> ChatMessage
    func delete(id: Int64) async throws
}
