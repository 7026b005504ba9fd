/// Where a list was read: the item at the view's top (by key, and its index then) and how far into it.
public struct ListPlace: Codable, Equatable, Sendable {
    /// The item's key as its section names it (a post's id, a person's id, a fact's number).
    public var key: String
    /// The item's index when kept: an item gone since gives the one now at its index, its nearest neighbour.
    public var index: Int
    /// Points from the item's top to the view's top (below zero: the view starts in the gap above it).
    public var offset: Double

    public init(key: String, index: Int, offset: Double) {
        self.key = key
        self.index = index
        self.offset = offset
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        key = try container.decode(String.self, forKey: .key)
        index = max(0, try container.decode(Int.self, forKey: .index))
        let offset = try container.decode(Double.self, forKey: .offset)
        self.offset = offset.isFinite ? min(max(offset, -Self.maximumOffset), Self.maximumOffset) : 0
    }

    /// Taller than any item: a larger offset comes from a damaged file.
    public static let maximumOffset = 100_000.0
}
