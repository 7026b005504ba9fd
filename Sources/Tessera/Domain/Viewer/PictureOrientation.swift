/// How a picture is shown against its file: mirrored left to right first (when `mirrored`), then turned
/// `quarterTurns` clockwise (0 to 3); EXIF's eight orientations are these.
public struct PictureOrientation: Equatable, Hashable, Sendable {
    public let quarterTurns: Int
    public let mirrored: Bool

    public init(quarterTurns: Int = 0, mirrored: Bool = false) {
        self.quarterTurns = (quarterTurns % 4 + 4) % 4
        self.mirrored = mirrored
    }

    public static let upright = PictureOrientation()
    public var isUpright: Bool { self == .upright }
    /// Width and height trade places.
    public var swapsSides: Bool { quarterTurns % 2 == 1 }

    /// Shown turned a further `quarterTurns` clockwise (negative: back).
    public func turned(by quarterTurns: Int) -> PictureOrientation {
        PictureOrientation(quarterTurns: self.quarterTurns + quarterTurns, mirrored: mirrored)
    }

    /// Shown flipped left to right: a mirror after a turn is the turn back after the mirror.
    public var flippedHorizontally: PictureOrientation { PictureOrientation(quarterTurns: -quarterTurns, mirrored: !mirrored) }
    /// Shown flipped top to bottom: a half turn after the left-to-right flip.
    public var flippedVertically: PictureOrientation { PictureOrientation(quarterTurns: 2 - quarterTurns, mirrored: !mirrored) }
}
