/// The part of a large picture a zoomed viewer decodes alone: the view and a margin at the zoom's size.
public struct DetailRegion: Equatable, Sendable {
    /// The whole picture's size at the zoom's need (its longer side the viewport's `neededSide`).
    public let scaledWidth: Int
    public let scaledHeight: Int
    /// The part, in pixels of the picture at that size.
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int

    /// Past this multiple of the view's pixels, zoomed pictures decode by parts.
    public static let wholeDecodeFactor = 4.0
    /// The margin each side as a share of the view, so a quarter-view pan needs no decode...
    public static let margin = 0.25
    /// ...at most this many device pixels, which holds a 4K view's part down.
    public static let largestMargin = 256.0

    /// The part `viewport` needs; nil when the picture at its zoom is small enough to be decoded whole.
    public init?(viewport: ImageViewport) {
        let side = viewport.neededSide
        let longer = max(viewport.imageWidth, viewport.imageHeight)
        // As the decoder scales it: the longer side to `side`, rounded, never past the original.
        let factor = min(1, Double(side) / longer)
        let scaledWidth = max(1, Int((viewport.imageWidth * factor).rounded()))
        let scaledHeight = max(1, Int((viewport.imageHeight * factor).rounded()))
        let viewPixels = viewport.viewWidth * viewport.scale * viewport.viewHeight * viewport.scale
        guard Double(scaledWidth) * Double(scaledHeight) > viewPixels * Self.wholeDecodeFactor else { return nil }
        let shown = viewport.visibleRect(margin: Self.margin, largest: Self.largestMargin)
        let toScaled = Double(scaledWidth) / viewport.imageWidth
        let left = max(0, Int((shown.x * toScaled).rounded(.down))), top = max(0, Int((shown.y * toScaled).rounded(.down)))
        let right = min(scaledWidth, Int(((shown.x + shown.width) * toScaled).rounded(.up)))
        let bottom = min(scaledHeight, Int(((shown.y + shown.height) * toScaled).rounded(.up)))
        guard right > left, bottom > top else { return nil }
        self.scaledWidth = scaledWidth
        self.scaledHeight = scaledHeight
        x = left
        y = top
        width = right - left
        height = bottom - top
    }

    public init(scaledWidth: Int, scaledHeight: Int, x: Int, y: Int, width: Int, height: Int) {
        self.scaledWidth = scaledWidth
        self.scaledHeight = scaledHeight
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `shown` still serves this view: same size, holding all in view.
    public func isServed(by shown: DetailRegion, viewport: ImageViewport) -> Bool {
        guard shown.scaledWidth == scaledWidth, shown.scaledHeight == scaledHeight else { return false }
        let view = viewport.visibleRect(margin: 0, largest: 0)
        let toScaled = Double(scaledWidth) / viewport.imageWidth
        let left = Int((view.x * toScaled).rounded(.down)), top = Int((view.y * toScaled).rounded(.down))
        let right = min(scaledWidth, Int(((view.x + view.width) * toScaled).rounded(.up)))
        let bottom = min(scaledHeight, Int(((view.y + view.height) * toScaled).rounded(.up)))
        return shown.x <= left && shown.y <= top && shown.x + shown.width >= right && shown.y + shown.height >= bottom
    }
}

extension ImageViewport {
    /// The picture's part in view with `margin` (at most `largest` device pixels), within the picture.
    public func visibleRect(margin: Double, largest: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        let deviceWidth = viewWidth * scale, deviceHeight = viewHeight * scale
        let halfWidth = (deviceWidth / 2 + min(deviceWidth * margin, largest)) / zoom
        let halfHeight = (deviceHeight / 2 + min(deviceHeight * margin, largest)) / zoom
        let left = max(0, centerX - halfWidth), top = max(0, centerY - halfHeight)
        let right = min(imageWidth, centerX + halfWidth), bottom = min(imageHeight, centerY + halfHeight)
        return (left, top, max(0, right - left), max(0, bottom - top))
    }
}
