/// A picture's place in a viewer, as in Loupe: zoom in device pixels per picture pixel, centre point.
public struct ImageViewport: Equatable, Sendable {
    /// The most a picture is enlarged: 2000 %, where one pixel is a 20-pixel square.
    public static let maximumZoom = 20.0
    /// One press of plus or minus (or a zoom button): Loupe's and eog's step.
    public static let zoomStep = 1.5
    /// One notch of Ctrl+scroll: a fifth of a step, so a smooth touchpad zooms smoothly.
    public static let scrollZoomStep = 1.1
    /// What one press of an arrow key pans, in logical pixels.
    public static let arrowPan = 64.0

    /// The picture's own size in pixels.
    public let imageWidth: Double
    public let imageHeight: Double
    /// The view's size in logical pixels, and its device pixels per logical pixel.
    public private(set) var viewWidth: Double
    public private(set) var viewHeight: Double
    public private(set) var scale: Double
    /// Device pixels per picture pixel: 1 is 100 %.
    public private(set) var zoom: Double
    /// The picture's point at the view's centre, in picture pixels.
    public private(set) var centerX: Double
    public private(set) var centerY: Double
    /// The zoom follows the view's size (best fit), as when the picture opens.
    public private(set) var isFitted: Bool

    /// Fitted into the view.
    public init(imageWidth: Int, imageHeight: Int, viewWidth: Double, viewHeight: Double, scale: Int) {
        self.imageWidth = Double(max(1, imageWidth))
        self.imageHeight = Double(max(1, imageHeight))
        self.viewWidth = max(1, viewWidth)
        self.viewHeight = max(1, viewHeight)
        self.scale = Double(max(1, scale))
        zoom = 1
        centerX = self.imageWidth / 2
        centerY = self.imageHeight / 2
        isFitted = true
        fit()
    }

    /// The zoom that shows the whole picture in the view, never past 100 %: a small picture is not blown up.
    public var fitZoom: Double {
        min(1, min(viewWidth * scale / imageWidth, viewHeight * scale / imageHeight))
    }

    /// The zoom as a person reads it: 100 for 100 %.
    public var percent: Int { Int((zoom * 100).rounded()) }

    /// Whether some of the picture is out of view, so dragging, scrolling and the arrows pan it.
    public var canPan: Bool {
        imageWidth * zoom > viewWidth * scale + 0.5 || imageHeight * zoom > viewHeight * scale + 0.5
    }

    /// The picture's top-left on a whole device pixel, so 100 % is pixel for pixel.
    public var origin: (x: Double, y: Double) {
        ((viewWidth * scale / 2 - centerX * zoom).rounded(), (viewHeight * scale / 2 - centerY * zoom).rounded())
    }

    /// The picture's size on screen, in device pixels.
    public var shownSize: (width: Double, height: Double) { (imageWidth * zoom, imageHeight * zoom) }

    /// The longer side a decode needs to be sharp at this zoom.
    public var neededSide: Int {
        Int(min(max(imageWidth, imageHeight), (max(imageWidth, imageHeight) * zoom).rounded(.up)))
    }

    /// The picture's point under `x`, `y` in the view (logical pixels).
    public func picturePoint(atViewX x: Double, y: Double) -> (x: Double, y: Double) {
        (centerX + (x - viewWidth / 2) * scale / zoom, centerY + (y - viewHeight / 2) * scale / zoom)
    }

    /// Best fit, centred.
    public mutating func fit() {
        zoom = fitZoom
        centerX = imageWidth / 2
        centerY = imageHeight / 2
        isFitted = true
    }

    /// Zooms within fit and `maximumZoom`, keeping the point under `x`, `y` (or the centre) still.
    public mutating func setZoom(_ newZoom: Double, aroundViewX x: Double? = nil, y: Double? = nil) {
        let anchorX = x ?? viewWidth / 2, anchorY = y ?? viewHeight / 2
        let point = picturePoint(atViewX: anchorX, y: anchorY)
        let lowest = fitZoom
        let target = min(max(newZoom, lowest), max(Self.maximumZoom, lowest))
        if abs(target - lowest) < 1e-9 {
            fit()
            return
        }
        zoom = target
        isFitted = false
        centerX = point.x - (anchorX - viewWidth / 2) * scale / zoom
        centerY = point.y - (anchorY - viewHeight / 2) * scale / zoom
        clamp()
    }

    /// One step in (`zoomStep`), around a point of the view or its centre.
    public mutating func zoomIn(aroundViewX x: Double? = nil, y: Double? = nil) {
        setZoom(zoom * Self.zoomStep, aroundViewX: x, y: y)
    }

    /// One step out; past best fit it stops there.
    public mutating func zoomOut(aroundViewX x: Double? = nil, y: Double? = nil) {
        setZoom(zoom / Self.zoomStep, aroundViewX: x, y: y)
    }

    /// Moves the picture by a drag's motion, as far as it goes.
    public mutating func pan(byX dx: Double, y dy: Double) {
        centerX -= dx * scale / zoom
        centerY -= dy * scale / zoom
        clamp()
    }

    /// A new view size: fitted stays fitted; zoomed keeps zoom and centre within the edges.
    public mutating func resize(viewWidth: Double, viewHeight: Double, scale: Int) {
        self.viewWidth = max(1, viewWidth)
        self.viewHeight = max(1, viewHeight)
        self.scale = Double(max(1, scale))
        if isFitted || zoom < fitZoom {
            fit()
        } else {
            clamp()
        }
    }

    /// Centred where smaller than the view, edges no further in than the view's where larger.
    private mutating func clamp() {
        centerX = Self.clamped(centerX, image: imageWidth, view: viewWidth * scale / zoom)
        centerY = Self.clamped(centerY, image: imageHeight, view: viewHeight * scale / zoom)
    }

    /// `center` along an axis where the picture is `image` long and the view shows `view` of it.
    private static func clamped(_ center: Double, image: Double, view: Double) -> Double {
        guard image > view else { return image / 2 }
        return min(max(center, view / 2), image - view / 2)
    }
}

extension ImageViewport {
    /// The zoom and centre as `ViewerPlace` keeps them (nil zoom: fitted).
    public var place: (zoom: Double?, centerX: Double, centerY: Double) { (isFitted ? nil : zoom, centerX, centerY) }

    /// Zoomed to `zoom` around the picture point `x`, `y`, kept inside the view's limits.
    public mutating func restore(zoom: Double, centerX x: Double, centerY y: Double) {
        setZoom(zoom)
        centerX = x
        centerY = y
        clamp()
    }
}
