import Domain
import Foundation

/// Keeps the facts feed between launches; `SavedFactsStore` is it.
public protocol SavedFactsStoring: Sendable {
    /// The feed last saved and when it was received, or nil when none was.
    func saved() async throws -> (feed: FactsFeed, savedAt: Date)?
    func save(_ feed: FactsFeed, at savedAt: Date) async throws
}
