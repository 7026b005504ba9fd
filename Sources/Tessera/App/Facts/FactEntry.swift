import Domain

/// A row by place and feed generation: refreshed rows are new entries, and no text is touched.
struct FactEntry: Identifiable, Hashable, Sendable {
    let generation: Int
    /// The row's place in its feed (its `Fact.id`).
    let index: Int
    var id: FactEntry { self }
}
