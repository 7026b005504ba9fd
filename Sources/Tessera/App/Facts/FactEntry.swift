import Domain

/// A row as the grid holds it: its place and its feed's generation, so a refreshed feed's rows are new entries.
/// Two numbers, so handing 100,000 rows to the grid touches none of their texts.
struct FactEntry: Identifiable, Hashable, Sendable {
    let generation: Int
    /// The row's place in its feed (its `Fact.id`).
    let index: Int
    var id: FactEntry { self }
}
