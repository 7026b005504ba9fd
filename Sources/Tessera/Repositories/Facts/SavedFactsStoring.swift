import Domain
import Foundation

/// Where the facts feed is kept between launches, so the section shows what the user saw without
/// the network. `Persistence`'s `SavedFactsStore` is it.
public protocol SavedFactsStoring: Sendable {
    /// The feed last saved and when it was received, or nil when none was.
    func saved() async throws -> (feed: FactsFeed, savedAt: Date)?
    func save(_ feed: FactsFeed, at savedAt: Date) async throws
}
