/// A section's bytes on disk: a cache (pictures, clips' starts, saved pages) under the cap, and what is kept for good.
public struct DiskUse: Sendable, Equatable {
    public var cached = 0
    /// The gallery's pictures, people, the user's own messages: never deleted to make room.
    public var kept = 0

    public init(cached: Int = 0, kept: Int = 0) {
        self.cached = cached
        self.kept = kept
    }

    public var total: Int { cached + kept }

    /// Each section's use added up with `other`'s.
    public static func adding(_ one: [Section: DiskUse], _ other: [Section: DiskUse]) -> [Section: DiskUse] {
        one.merging(other) { DiskUse(cached: $0.cached + $1.cached, kept: $0.kept + $1.kept) }
    }
}
