import Domain
import Foundation

/// What the chat's view-model needs to find messages: the seam between the screen and the
/// database's full-text index. `MessageSearchStore` (GRDB, FTS5) is the one implementation.
public protocol MessageSearching: Sendable {
    /// The messages whose words begin with each word of `typed`, newest first, at most `limit`.
    func search(_ typed: String, limit: Int) async throws -> [MessageSearchHit]
}
