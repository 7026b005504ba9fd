import Domain

/// People's seam between screen and database; `PeopleStore` implements it.
public protocol PeopleStoring: Sendable {
    /// Why the database found at launch was replaced by a new one, in words, if it was.
    var replacementNotice: String? { get }
    /// Stores the seed's people if none are stored; true when this call stored them.
    func seedIfEmpty() async throws -> Bool
    /// `onChange` with everyone after each commit and at start, while the result lives.
    @MainActor
    func observeEveryone(onError: @escaping @MainActor (any Error) -> Void,
                         onChange: @escaping @MainActor ([Person]) -> Void) async throws -> AnyObject
    func rename(personID: Int64, to name: String) async throws
}
