import Domain
import Foundation

/// Keeps the server's messages between launches; `SavedChatStore` is it.
public protocol SavedChatStoring: Sendable {
    func saved(numbered numbers: ClosedRange<Int>) async throws -> SavedChat?
    func messages(numbered numbers: ClosedRange<Int>) async throws -> [ChatMessage]
    func savePage(_ messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, at savedAt: Date) async throws
    func replaceAll(with messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, at savedAt: Date) async throws
    func touch(at savedAt: Date) async throws
    func grow(adding newest: [ChatMessage], at savedAt: Date) async throws
    func setUnread(_ count: Int) async throws
}
