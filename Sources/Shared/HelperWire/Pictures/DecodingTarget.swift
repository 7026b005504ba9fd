/// The box a decode aims at, in device pixels.
public struct DecodingTarget: Sendable, Hashable {
    /// The side of the box (a size bucket: near sizes share one decode).
    public var side: Int
    /// Cover the box (the shorter side meets it) instead of fitting in it (the longer side does).
    public var filling: Bool
    /// Every frame of an animation, not only the first.
    public var animates: Bool
    /// Only this part of the picture scaled to the box (`size(width:height:)`); nil for all of it.
    public var region: PictureRegion?

    public init(side: Int, filling: Bool = false, animates: Bool = false, region: PictureRegion? = nil) {
        self.side = side
        self.filling = filling
        self.animates = animates
        self.region = region
    }

    /// The largest same-aspect size in the box (filling: smallest covering it), never past the original.
    public func size(width: Int, height: Int) -> (width: Int, height: Int) {
        let shown = filling ? min(width, height) : max(width, height)
        guard shown > side, side > 0 else { return (width, height) }
        let scale = Double(side) / Double(shown)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }
}
