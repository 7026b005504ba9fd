import Domain

/// A row of the feed as the grid holds it: a fact of one received feed. A fact's own id is its
/// place in its feed, so the feed's generation is part of the entry's: a refreshed feed's rows
/// are new entries, never shown in the cells of the rows that stood at their places before.
struct FactEntry: Identifiable, Equatable {
    struct ID: Hashable, Sendable {
        let generation: Int
        let index: Int
    }

    let fact: Fact
    let generation: Int
    var id: ID { ID(generation: generation, index: fact.id) }
}
