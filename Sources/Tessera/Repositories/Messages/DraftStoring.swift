import Foundation

/// The draft's seam between screen and database; `DraftStore` implements it.
public protocol DraftStoring: Sendable {
    /// The text kept, or nil when there is none.
    func draft() async throws -> String?
    /// Keeps `text`; an empty one removes the draft.
    func save(_ text: String) async throws
}
