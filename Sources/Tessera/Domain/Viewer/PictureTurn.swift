/// A picture shown turned: its address and the quarter turns clockwise it is shown at (1 to 3).
public struct PictureTurn: Codable, Equatable, Sendable {
    public var url: String
    public var quarterTurns: Int

    public init(url: String, quarterTurns: Int) {
        self.url = url
        self.quarterTurns = quarterTurns
    }

    /// The most remembered: the oldest turn goes first.
    public static let mostKept = 1000
    /// Longer addresses come from a damaged file.
    static let longestAddress = 4096

    /// `turns` with `url` at `quarterTurns` (0 forgets it), newest last, at most `mostKept`.
    public static func remembering(_ url: String, at quarterTurns: Int, in turns: [PictureTurn]) -> [PictureTurn] {
        var kept = turns.filter { $0.url != url }
        let normal = (quarterTurns % 4 + 4) % 4
        if normal != 0 { kept.append(PictureTurn(url: url, quarterTurns: normal)) }
        return Array(kept.suffix(mostKept))
    }

    /// What a file holds that can be shown: turns of 1 to 3, reasonable addresses, the newest `mostKept`.
    static func sanitized(_ turns: [PictureTurn]) -> [PictureTurn] {
        Array(turns.filter { (1...3).contains($0.quarterTurns) && !$0.url.isEmpty && $0.url.count <= longestAddress }.suffix(mostKept))
    }
}
