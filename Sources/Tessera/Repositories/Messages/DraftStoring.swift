import Foundation

/// What the chat's view-model needs of the composer's draft: the seam between the screen and the
/// database. `DraftStore` (GRDB) is the one implementation.
public protocol DraftStoring: Sendable {
    /// The text kept, or nil when there is none.
    func draft() async throws -> String?
    /// Keeps `text`; an empty one removes the draft.
    func save(_ text: String) async throws
}
