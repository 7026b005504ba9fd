import Domain

/// What the People view-model needs of the stored people: the seam between the screen and the
/// database. `PeopleStore` (GRDB) is the one implementation.
public protocol PeopleStoring: Sendable {
    /// Why the database found at launch was replaced by a new one, in words, if it was.
    var replacementNotice: String? { get }
    /// Stores the seed's people if none are stored; true when this call stored them.
    func seedIfEmpty() async throws -> Bool
    /// Calls `onChange` with everyone after every committed change (and once at the start); the
    /// observation lasts as long as the returned object.
    @MainActor
    func observeEveryone(onError: @escaping @MainActor (any Error) -> Void,
                         onChange: @escaping @MainActor ([Person]) -> Void) async throws -> AnyObject
    func rename(personID: Int64, to name: String) async throws
}
