import CGtk
import Dispatch

/// Draws a decoded bitmap scaled to its allocation (filling or fitting), or a themed symbolic icon
/// on a quiet background. Drawn at device pixels: a bitmap of the device size is painted 1:1, one
/// of a nearby size resampled once. While its size changes (a tile growing, a window resized) it
/// stretches the surface it has, and resamples off the main loop once the size held for
/// `rescaleDelay`: resampling each frame of an animation would cost its frames.
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
    /// The image scaled to the allocation at the device scale, made on the first draw at a size
    /// and reused by every later draw at that size: scrolling a grid then only copies pixels.
    var scaled: (width: Int, height: Int, scale: Int, surface: OpaquePointer)? {
        didSet {
            if let old = oldValue, old.surface != scaled?.surface { cairo_surface_destroy(old.surface) }
            scaledFromEarlierImage = false
        }
    }
    /// The surface was made from the image shown before this one (the same picture at another
    /// size): it is painted stretched until this image's surface is ready.
    var scaledFromEarlierImage = false
    /// The image shown has no surface of its own yet: one is being made aside, and until it is
    /// ready what showed before stays (the placeholder, or the earlier image stretched).
    public internal(set) var awaitsSurface = false
    /// Bumped whenever what a surface in the making was for changes: a late one is dropped.
    var rescaleGeneration = 0
    /// The generation of the surface being made aside, if one is.
    var makingGeneration: Int?
    var pendingRescale: DispatchWorkItem?
    /// How long a new size must hold before its surface is made: two frames, so a resize
    /// animation stretches the surface it has and only its final size is resampled.
    static let rescaleDelay: DispatchTimeInterval = .milliseconds(40)
    /// Surfaces made off the main loop, several at a time (a screen of tiles whose pictures came
    /// together); each is independent of the others.
    static let rescaling = DispatchQueue(label: "dev.tessera.picture-rescaling", qos: .userInitiated,
                                                 attributes: .concurrent)
    /// Surfaces made on the main loop while drawing, and off it, for tests.
    public internal(set) var surfacesMadeWhileDrawing = 0
    public internal(set) var surfacesMadeAside = 0
    /// False while the picture is painted stretched (resized, or the same picture at a new size
    /// came) and its surface at this size is still to be made: what shows is still to sharpen.
    /// A picture outside the view counts as sharp: nothing of it shows.
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

    /// Plays an animation's frames while the picture is on screen (the viewer and the feed's
    /// tiles turn it on): not while it is unmapped, not while nothing of it is drawn (scrolled
    /// away, a minimized or covered window: a frame nobody saw pauses it until the next draw),
    /// and not when GTK's animations are off.
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
        // No GdkWindow of its own: a list of a thousand pictures would otherwise be a thousand
        // child windows whose clip regions GDK recomputes whenever the list moves.
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
        // A picture given its image before it had a place (a card laid out later) gets its
        // surface once it has one; one resized gets a surface of its new size.
        _ = onSizeAllocate { [weak self] _ in
            self?.makeSurfaceIfAwaited()
            self?.rescaleIfResized()
        }
    }

    /// A still resized while it shows gets its surface at the new size once the size holds,
    /// whether or not a draw comes first: a card that shrank with its column under a canvas
    /// that did not move was not always drawn again, and kept the old size's surface stretched.
    func rescaleIfResized() {
        guard let scaled, source != nil, frames.isEmpty, !awaitsSurface, makingGeneration == nil else { return }
        let width = Int(gtk_widget_get_allocated_width(widget)), height = Int(gtk_widget_get_allocated_height(widget))
        // The size first: every layout of a list allocates each of its pictures again, mostly at
        // the size they had, and whether one is in view is a walk up the widget tree.
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

    /// Shows `image`. `replacingTheSamePicture`: the picture shown now at another size, which stays,
    /// stretched, until the new surface is made off the main loop. `atOnce`: the surface is made at
    /// the next draw (a memory-cache hit shows without a placeholder frame); otherwise a picture in
    /// view gets it made aside while the placeholder stays. One out of view gets it when first drawn;
    /// an animation's frames always at once.
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

    /// How far the picture's download has come, 0 to 1: a thin bar under the placeholder icon
    /// while the icon shows (a picture over a slow link), along the bottom over an image that
    /// shows meanwhile (its first passes); nil, no bar.
    public var progress: Double? {
        didSet { if progress != oldValue { queueDraw() } }
    }

    /// Clips everything drawn to the largest centred circle (avatars).
    public var isCircular = false {
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
