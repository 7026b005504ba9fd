/// A rectangle of a picture at a decoding target's size: the part a viewer decodes alone.
public struct PictureRegion: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The part of it inside a picture of `width` x `height`; nil when none is.
    public func clamped(width pictureWidth: Int, height pictureHeight: Int) -> PictureRegion? {
        let left = max(0, x), top = max(0, y)
        let right = min(pictureWidth, x + width), bottom = min(pictureHeight, y + height)
        guard right > left, bottom > top else { return nil }
        return PictureRegion(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// As the wire writes it: `X,Y,W,H`.
    public var field: String { "\(x),\(y),\(width),\(height)" }

    /// Nil unless four whole numbers, at least a pixel, corner on the picture.
    public init?(field: Substring) {
        let numbers = field.split(separator: ",").compactMap { Int($0) }
        guard numbers.count == 4, numbers[0] >= 0, numbers[1] >= 0, numbers[2] > 0, numbers[3] > 0 else { return nil }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}
