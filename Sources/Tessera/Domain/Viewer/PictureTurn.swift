/// A picture shown turned or flipped: its address and how (`PictureOrientation`), never upright.
public struct PictureTurn: Codable, Equatable, Sendable {
    public var url: String
    public var quarterTurns: Int
    /// Mirrored left to right before the turn; missing in files from before flipping, where it is false.
    public var mirrored: Bool

    public init(url: String, orientation: PictureOrientation) {
        self.url = url
        quarterTurns = orientation.quarterTurns
        mirrored = orientation.mirrored
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        quarterTurns = try container.decode(Int.self, forKey: .quarterTurns)
        mirrored = try container.decodeIfPresent(Bool.self, forKey: .mirrored) ?? false
    }

    public var orientation: PictureOrientation { PictureOrientation(quarterTurns: quarterTurns, mirrored: mirrored) }

    /// The most remembered: the oldest turn goes first.
    public static let mostKept = 1000
    /// Longer addresses come from a damaged file.
    static let longestAddress = 4096

    /// `turns` with `url` shown as `orientation` (upright forgets it), newest last, at most `mostKept`.
    public static func remembering(_ url: String, as orientation: PictureOrientation, in turns: [PictureTurn]) -> [PictureTurn] {
        var kept = turns.filter { $0.url != url }
        if !orientation.isUpright { kept.append(PictureTurn(url: url, orientation: orientation)) }
        return Array(kept.suffix(mostKept))
    }

    /// What a file holds that can be shown: turns of 0 to 3 but not upright, reasonable addresses, the newest `mostKept`.
    static func sanitized(_ turns: [PictureTurn]) -> [PictureTurn] {
        Array(turns.filter {
            (0...3).contains($0.quarterTurns) && !$0.orientation.isUpright && !$0.url.isEmpty && $0.url.count <= longestAddress
        }.suffix(mostKept))
    }
}
