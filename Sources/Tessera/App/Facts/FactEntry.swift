import Domain

/// A row of the feed as the grid holds it: its place in one received feed. A fact's own id is its
/// place in its feed, so the feed's generation is part of the entry's: a refreshed feed's rows
/// are new entries, never shown in the cells of the rows that stood at their places before. Two
/// numbers, not the fact: handing 100,000 rows to the grid then touches none of their texts.
struct FactEntry: Identifiable, Hashable, Sendable {
    let generation: Int
    /// The row's place in its feed (its `Fact.id`).
    let index: Int
    var id: FactEntry { self }
}
