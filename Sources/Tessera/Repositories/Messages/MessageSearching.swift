import Domain
import Foundation

/// The search's seam to the full-text index; `MessageSearchStore` implements it.
public protocol MessageSearching: Sendable {
    /// The messages whose words begin with each word of `typed`, newest first, at most `limit`.
    func search(_ typed: String, limit: Int) async throws -> [MessageSearchHit]
}
