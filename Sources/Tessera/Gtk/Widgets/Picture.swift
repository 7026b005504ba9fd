import CGtk
import Dispatch

/// A bitmap filling or fitting its allocation at device pixels, or a symbolic icon; while resizing it
/// stretches, resampling off the main loop once the size holds.
@MainActor
public final class Picture: Widget {
    /// What the picture shows now, for tests and accessibility.
    public enum Content: Equatable, Sendable {
        case empty
        case icon(String)
        case image(width: Int, height: Int)
    }

    public enum Scaling: Sendable {
        /// Cover the whole area, cropping what overflows (mosaic tiles).
        case fill
        /// Show the whole image inside the area.
        case fit
    }

    public internal(set) var content: Content = .empty
    public var scaling: Scaling {
        didSet { scaled = nil; queueDraw() }
    }
    /// The image at the allocation's device size, made at the first draw and reused: scrolling copies pixels.
    var scaled: (width: Int, height: Int, scale: Int, surface: OpaquePointer)? {
        didSet {
            if let old = oldValue, old.surface != scaled?.surface { cairo_surface_destroy(old.surface) }
            scaledFromEarlierImage = false
        }
    }
    /// Made from the image before (the same picture at another size), stretched until this one's is ready.
    var scaledFromEarlierImage = false
    /// The image shown has its surface made aside; what showed before stays until it is ready.
    public internal(set) var awaitsSurface = false
    /// Bumped whenever what a surface in the making was for changes: a late one is dropped.
    var rescaleGeneration = 0
    /// The generation of the surface being made aside, if one is.
    var makingGeneration: Int?
    var pendingRescale: DispatchWorkItem?
    /// Two frames: a resize animation stretches, and only its final size is resampled.
    static let rescaleDelay: DispatchTimeInterval = .milliseconds(40)
    /// Surfaces made off the main loop, several at a time; each independent of the others.
    static let rescaling = DispatchQueue(label: "dev.tessera.picture-rescaling", qos: .userInitiated,
                                                 attributes: .concurrent)
    /// Surfaces made on the main loop while drawing, and off it, for tests.
    public internal(set) var surfacesMadeWhileDrawing = 0
    public internal(set) var surfacesMadeAside = 0
    /// False while stretched awaiting this size's surface; out of view counts as sharp.
    public var paintsAtItsSize: Bool {
        guard source != nil, isInView else { return true }
        guard !awaitsSurface else { return false }
        guard let scaled else { return true }
        return !scaledFromEarlierImage && scaled.scale == scaleFactor
            && scaled.width == Int(gtk_widget_get_allocated_width(widget)) && scaled.height == Int(gtk_widget_get_allocated_height(widget))
    }
    /// The device size of the surface painted, for tests.
    public var surfaceSize: (width: Int, height: Int)? {
        scaled.map { ($0.width * $0.scale, $0.height * $0.scale) }
    }
    var source: (any PixbufSource)?
    var iconName: String?
    let iconSize: Int

    /// Plays frames while any of it is seen and GTK's animations are on.
    public var playsAnimations = false {
        didSet { updatePlayback() }
    }
    /// Whether the frame shown was drawn since the last step.
    var drawnSinceStep = true
    var frames: [(pixbuf: OpaquePointer, delay: Duration)] = []
    /// The animation's frame on screen (0 for a still).
    public internal(set) var frameIndex = 0
    var nextFrame: DispatchWorkItem?
    /// Whether an animation is playing now.
    public var isPlaying: Bool { nextFrame != nil }

    public init(iconSize: Int = 48, scaling: Scaling = .fit) {
        self.iconSize = iconSize
        self.scaling = scaling
        super.init(taking: UnsafeMutableRawPointer(gtk_drawing_area_new()))
        // No GdkWindow of its own: a thousand child windows' clips are recomputed whenever the list moves.
        gtk_widget_set_has_window(widget, 0)
        addStyleClass("picture")
        connect("draw", shape: .pointerReturningBool) { [weak self] cr in
            guard let self, let cr else { return false }
            self.draw(OpaquePointer(cr))
            return true
        }
        // The window went to a screen of another scale: the next draw makes the surface again.
        onNotify("scale-factor") { [weak self] in
            self?.scaled = nil
            self?.queueDraw()
        }
        onMap { [weak self] in
            self?.updatePlayback()
            self?.makeSurfaceIfAwaited()
        }
        onUnmap { [weak self] in self?.updatePlayback() }
        // An image given before a place gets its surface once placed; a resized one, one of its new size.
        _ = onSizeAllocate { [weak self] _ in
            self?.makeSurfaceIfAwaited()
            self?.rescaleIfResized()
        }
    }

    /// A resized still gets its new surface once the size holds, drawn or not.
    func rescaleIfResized() {
        guard let scaled, source != nil, frames.isEmpty, !awaitsSurface, makingGeneration == nil else { return }
        let width = Int(gtk_widget_get_allocated_width(widget)), height = Int(gtk_widget_get_allocated_height(widget))
        // The size first: layouts re-allocate pictures mostly at their size, and `isInView` walks the tree.
        guard scaled.width != width || scaled.height != height || scaledFromEarlierImage, isInView else { return }
        rescaleWhenTheSizeHolds()
    }

    func makeSurfaceIfAwaited() {
        if awaitsSurface, makingGeneration == nil { makeSurfaceAside() }
    }

    /// Drops the surface being made or waited for: what it was for changed.
    func forgetSurfaceInTheMaking() {
        rescaleGeneration += 1
        makingGeneration = nil
        pendingRescale?.cancel()
        pendingRescale = nil
    }

    /// Shows `image`; `replacingTheSamePicture` keeps the old stretched until the new surface is made; `atOnce`
    /// makes it at the next draw (no placeholder frame), else aside.
    public func show(_ image: any PixbufSource, replacingTheSamePicture: Bool = false, atOnce: Bool = true) {
        let still = image.animationFrames.count <= 1
        let keep = replacingTheSamePicture && source != nil && still
        if keep {
            scaledFromEarlierImage = scaled != nil
        } else {
            scaled = nil
        }
        forgetSurfaceInTheMaking()
        source = image
        frames = image.animationFrames
        frameIndex = 0
        updatePlayback()
        awaitsSurface = still && !atOnce && isInView
        if !awaitsSurface { iconName = nil }
        content = .image(width: Int(gdk_pixbuf_get_width(image.pixbufPointer)),
                         height: Int(gdk_pixbuf_get_height(image.pixbufPointer)))
        if awaitsSurface { makeSurfaceAside() }
        queueDraw()
    }

    public func showIcon(_ name: String) {
        scaled = nil
        forgetSurfaceInTheMaking()
        awaitsSurface = false
        source = nil
        frames = []
        frameIndex = 0
        updatePlayback()
        iconName = name
        content = .icon(name)
        queueDraw()
    }

    /// Download progress 0 to 1 as a thin bar; nil, none.
    public var progress: Double? {
        didSet { if progress != oldValue { queueDraw() } }
    }

    /// Clips everything drawn to the largest centred circle (avatars).
    public var isCircular = false {
        didSet { queueDraw() }
    }
    /// Rounds the top corners by this many pixels (a card's picture under its rounded top).
    public var topCornerRadius = 0.0 {
        didSet { queueDraw() }
    }

    override func willRelease() {
        nextFrame?.cancel()
        nextFrame = nil
        forgetSurfaceInTheMaking()
        scaled = nil
        super.willRelease()
    }
}
