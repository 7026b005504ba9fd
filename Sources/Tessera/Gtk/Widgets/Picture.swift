import CGtk
import Dispatch

/// Draws a decoded bitmap scaled to its allocation (filling it, or fitting inside it), or a
/// themed symbolic icon centred on a quiet background (placeholder, broken image).
///
/// Everything is drawn at device pixels: on a scale-2 screen the bitmap is fitted into a surface
/// twice the allocation's size that carries the device scale, so it is painted 1:1, never
/// stretched. A bitmap decoded at the device size (`ImageView` asks for it) goes through
/// unchanged; one of a nearby size is resampled once, on the first draw at that size.
///
/// A picture that changes size while it shows (a mosaic tile growing in an animation, a window
/// being resized) paints the surface it has stretched to the new size, and the surface at the
/// new size is made off the main loop once the size has held for `rescaleDelay`: resampling a
/// tile of a scale-2 screen cost 5-15 ms a frame, each frame of the animation.
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

    public private(set) var content: Content = .empty
    public var scaling: Scaling {
        didSet { scaled = nil; queueDraw() }
    }
    /// The image scaled to the allocation at the device scale, made on the first draw at a size
    /// and reused by every later draw at that size: scrolling a grid then only copies pixels.
    private var scaled: (width: Int, height: Int, scale: Int, surface: OpaquePointer)? {
        didSet {
            if let old = oldValue, old.surface != scaled?.surface { cairo_surface_destroy(old.surface) }
            scaledFromEarlierImage = false
        }
    }
    /// The surface was made from the image shown before this one (the same picture at another
    /// size): it is painted stretched until this image's surface is ready.
    private var scaledFromEarlierImage = false
    /// The image shown has no surface of its own yet: one is being made aside, and until it is
    /// ready what showed before stays (the placeholder, or the earlier image stretched).
    public private(set) var awaitsSurface = false
    /// Bumped whenever what a surface in the making was for changes: a late one is dropped.
    private var rescaleGeneration = 0
    /// The generation of the surface being made aside, if one is.
    private var makingGeneration: Int?
    private var pendingRescale: DispatchWorkItem?
    /// How long a new size must hold before its surface is made: two frames, so a resize
    /// animation stretches the surface it has and only its final size is resampled.
    static let rescaleDelay: DispatchTimeInterval = .milliseconds(40)
    /// Surfaces made off the main loop, several at a time (a screen of tiles whose pictures came
    /// together); each is independent of the others.
    private static let rescaling = DispatchQueue(label: "dev.tessera.picture-rescaling", qos: .userInitiated,
                                                 attributes: .concurrent)
    /// Surfaces made on the main loop while drawing, and off it, for tests.
    public private(set) var surfacesMadeWhileDrawing = 0
    public private(set) var surfacesMadeAside = 0
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
    private var source: (any PixbufSource)?
    private var iconName: String?
    private let iconSize: Int

    /// Plays an animation's frames while the picture is on screen (the viewer and the feed's
    /// tiles turn it on): not while it is unmapped, not while nothing of it is drawn (scrolled
    /// away, a minimized or covered window: a frame nobody saw pauses it until the next draw),
    /// and not when GTK's animations are off.
    public var playsAnimations = false {
        didSet { updatePlayback() }
    }
    /// Whether the frame shown was drawn since the last step.
    private var drawnSinceStep = true
    private var frames: [(pixbuf: OpaquePointer, delay: Duration)] = []
    /// The animation's frame on screen (0 for a still).
    public private(set) var frameIndex = 0
    private var nextFrame: DispatchWorkItem?
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
    private func rescaleIfResized() {
        guard let scaled, source != nil, frames.isEmpty, !awaitsSurface, makingGeneration == nil else { return }
        let width = Int(gtk_widget_get_allocated_width(widget)), height = Int(gtk_widget_get_allocated_height(widget))
        // The size first: every layout of a list allocates each of its pictures again, mostly at
        // the size they had, and whether one is in view is a walk up the widget tree.
        guard scaled.width != width || scaled.height != height || scaledFromEarlierImage, isInView else { return }
        rescaleWhenTheSizeHolds()
    }

    private func makeSurfaceIfAwaited() {
        if awaitsSurface, makingGeneration == nil { makeSurfaceAside() }
    }

    /// Drops the surface being made or waited for: what it was for changed.
    private func forgetSurfaceInTheMaking() {
        rescaleGeneration += 1
        makingGeneration = nil
        pendingRescale?.cancel()
        pendingRescale = nil
    }

    /// Shows `image`. `replacingTheSamePicture`: it is the picture shown now at another size
    /// (asked again for a new size or scale), so what shows stays, stretched, until the new
    /// image's surface is made off the main loop. `atOnce`: its surface is made at the next
    /// draw (a memory-cache hit shows without a placeholder frame); otherwise, when the picture
    /// is in view, it is made aside (an image that arrived while the placeholder shows) and the
    /// placeholder stays until then. A picture outside the view gets its surface when it is first
    /// drawn, as with `atOnce`: made for every tile near the view, surfaces held 20 MB more in a
    /// scrolled feed and took the CPU from its frames. An animation's frames are always made at
    /// once.
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

    private func draw(_ cr: OpaquePointer) {
        drawnSinceStep = true
        // A paused animation goes on once it is drawn again (scrolled back into view).
        if nextFrame == nil, frames.count > 1 { updatePlayback() }
        let width = Double(gtk_widget_get_allocated_width(widget))
        let height = Double(gtk_widget_get_allocated_height(widget))
        if isCircular {
            cairo_arc(cr, width / 2, height / 2, min(width, height) / 2, 0, 2 * Double.pi)
            cairo_clip(cr)
        }
        let style = gtk_widget_get_style_context(widget)
        gtk_render_background(style, cr, 0, 0, width, height)
        let painted: Bool
        if let source, width >= 1, height >= 1 {
            let shown = frames.isEmpty ? source.pixbufPointer : frames[frameIndex].pixbuf
            painted = paint(shown, cr, width: Int(width), height: Int(height), scale: scaleFactor)
        } else {
            painted = false
        }
        if !painted, let iconName {
            drawIcon(iconName, cr, width: width, height: height, style: style)
            if let progress { drawProgress(progress, cr, width: width, height: height, style: style) }
        } else if painted, let progress {
            drawProgressOverImage(progress, cr, width: width, height: height)
        }
        // A picture that takes the keyboard focus (a page's first stop) shows it, as a button does.
        if gtk_widget_has_visible_focus(widget) != 0, width > 4, height > 4 {
            gtk_render_focus(style, cr, 2, 2, width - 4, height - 4)
        }
    }

    override func willRelease() {
        nextFrame?.cancel()
        nextFrame = nil
        forgetSurfaceInTheMaking()
        scaled = nil
        super.willRelease()
    }

    /// Starts or stops the animation: it plays while asked to, mapped in a window in sight, with more than one frame
    /// and GTK's animations on. Each frame waits its own delay on the main queue (no tick every
    /// display frame for a clip of ten frames a second).
    private func updatePlayback() {
        let wanted = playsAnimations && frames.count > 1 && isMapped && !isInWindowOutOfSight && ThemeSettings().animationsEnabled
        if wanted, nextFrame == nil {
            let step = DispatchWorkItem { [weak self] in self?.showNextFrame() }
            nextFrame = step
            DispatchQueue.main.asyncAfter(deadline: .now() + frames[frameIndex].delay.dispatchInterval, execute: step)
        } else if !wanted, let nextFrame {
            nextFrame.cancel()
            self.nextFrame = nil
        }
    }

    private func showNextFrame() {
        nextFrame = nil
        // Nobody saw the frame shown, or the window is minimized: wait for the next draw.
        guard !frames.isEmpty, drawnSinceStep, !isInWindowOutOfSight else { return }
        drawnSinceStep = false
        frameIndex = (frameIndex + 1) % frames.count
        // Each frame is scaled when drawn: a viewer's frames are few and shown one at a time.
        scaled = nil
        queueDraw()
        updatePlayback()
    }

    /// Paints the image at the allocation's size: its surface 1:1 when it has one at this size;
    /// while it is being resized, the surface it has stretched (the new one is made aside); while
    /// its first surface is made aside, nothing (false: what showed before is drawn); else a new
    /// surface, made now.
    private func paint(_ pixbuf: OpaquePointer, _ cr: OpaquePointer, width: Int, height: Int, scale: Int) -> Bool {
        if let scaled, scaled.width == width, scaled.height == height, scaled.scale == scale, !scaledFromEarlierImage {
            cairo_set_source_surface(cr, scaled.surface, 0, 0)
            cairo_paint(cr)
            return true
        }
        if let scaled, scaled.scale == scale, frames.isEmpty, Self.sameShape(scaled.width, scaled.height, width, height) {
            cairo_save(cr)
            cairo_scale(cr, Double(width) / Double(scaled.width), Double(height) / Double(scaled.height))
            cairo_set_source_surface(cr, scaled.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
            cairo_paint(cr)
            cairo_restore(cr)
            if awaitsSurface { makeSurfaceIfAwaited() } else { rescaleWhenTheSizeHolds() }
            return true
        }
        if awaitsSurface {
            makeSurfaceIfAwaited()
            return false
        }
        let surface = Self.surface(of: pixbuf, width: width, height: height, scale: scale, scaling: scaling)
        surfacesMadeWhileDrawing += 1
        scaled = (width, height, scale, surface)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint(cr)
        return true
    }

    /// Whether a surface of one size stretched to another keeps the picture's proportions (to
    /// within a pixel in a hundred): tiles are squares at every size, cards keep their image's.
    private static func sameShape(_ width: Int, _ height: Int, _ otherWidth: Int, _ otherHeight: Int) -> Bool {
        abs(Double(width) * Double(otherHeight) - Double(otherWidth) * Double(height)) <= 0.01 * Double(width * otherHeight)
    }

    /// Makes the surface for the allocation's size off the main loop once the size has held for
    /// `rescaleDelay`, then draws with it.
    private func rescaleWhenTheSizeHolds() {
        pendingRescale?.cancel()
        let waiting = DispatchWorkItem { [weak self] in MainActor.assumeIsolated { self?.makeSurfaceAside() } }
        pendingRescale = waiting
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.rescaleDelay, execute: waiting)
    }

    /// Makes the surface for the allocation's size on the rescaling queue; the next draw after
    /// it is ready paints it. Waits for a draw when the picture is not on screen.
    private func makeSurfaceAside() {
        pendingRescale?.cancel()
        pendingRescale = nil
        guard let source, isMapped else { return }
        let width = Int(gtk_widget_get_allocated_width(widget)), height = Int(gtk_widget_get_allocated_height(widget))
        let scale = scaleFactor, scaling = self.scaling
        guard width > 1, height > 1 else { return }
        rescaleGeneration += 1
        let generation = rescaleGeneration
        makingGeneration = generation
        // The source keeps the pixbuf alive until the surface is made.
        let made = SurfaceInTheMaking(source: source)
        Self.rescaling.async {
            made.surface = Self.surface(of: made.source.pixbufPointer, width: width, height: height, scale: scale, scaling: scaling)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in
                    guard let surface = made.surface else { return }
                    guard let self, self.rescaleGeneration == generation else { return cairo_surface_destroy(surface) }
                    self.surfacesMadeAside += 1
                    self.makingGeneration = nil
                    self.scaled = (width, height, scale, surface)
                    if self.awaitsSurface {
                        self.awaitsSurface = false
                        self.iconName = nil
                    }
                    // Resized while it was made: stretched meanwhile, made again once the size holds.
                    if !self.paintsAtItsSize, self.isInView { self.rescaleWhenTheSizeHolds() }
                    self.queueDraw()
                }
            }
        }
    }

    /// The image scaled (fill or fit, centred) into a new surface of `width` x `height` at
    /// `scale` (device pixels), which carries the device scale, so it paints at the logical size.
    /// Touches nothing but the pixbuf and the new surface: safe on any thread.
    nonisolated private static func surface(of pixbuf: OpaquePointer, width: Int, height: Int, scale: Int,
                                            scaling: Scaling) -> OpaquePointer {
        let deviceWidth = width * scale, deviceHeight = height * scale
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(deviceWidth), gint(deviceHeight))!
        paint(pixbuf, into: surface, width: deviceWidth, height: deviceHeight, scaling: scaling)
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        return surface
    }

    /// Paints `pixbuf` scaled (fill or fit, centred) into `width` x `height` pixels of `surface`.
    nonisolated static func paint(_ pixbuf: OpaquePointer, into surface: OpaquePointer, width: Int, height: Int, scaling: Scaling) {
        let cr = cairo_create(surface)!
        let imageWidth = Double(gdk_pixbuf_get_width(pixbuf)), imageHeight = Double(gdk_pixbuf_get_height(pixbuf))
        let scaleX = Double(width) / imageWidth, scaleY = Double(height) / imageHeight
        let factor = scaling == .fill ? max(scaleX, scaleY) : min(scaleX, scaleY)
        cairo_translate(cr, (Double(width) - imageWidth * factor) / 2, (Double(height) - imageHeight * factor) / 2)
        cairo_scale(cr, factor, factor)
        gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        // Its edge pixels carried on to its own edge, no further: a bitmap scaled up (a
        // picture's first passes, an eighth of its size) would otherwise fade into the background
        // along its edges, and a fitted one paint its edge rows over the box around it.
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_rectangle(cr, 0, 0, imageWidth, imageHeight)
        cairo_fill(cr)
        cairo_destroy(cr)
    }

    /// `fraction` of a bar under the icon, in the icon's colour over a fainter track, with round
    /// ends; kept inside the picture however small it is.
    private func drawProgress(_ fraction: Double, _ cr: OpaquePointer, width: Double, height: Double,
                              style: UnsafeMutablePointer<GtkStyleContext>?) {
        let side = min(Double(iconSize), min(width, height) * 0.6)
        let barWidth = min(width - 16, max(side * 1.5, 48)), thickness = 4.0
        guard barWidth > thickness, height > thickness + 8 else { return }
        let x = (width - barWidth) / 2, y = min(height - thickness - 4, (height + side) / 2 + 8)
        var color = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
        if let style { gtk_style_context_get_color(style, gtk_style_context_get_state(style), &color) }
        func bar(_ length: Double) { Self.fillBar(cr, x: x, y: y, length: length, thickness: thickness) }
        cairo_save(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * 0.15)
        bar(barWidth)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * 0.55)
        bar(max(thickness, barWidth * min(max(fraction, 0), 1)))
        cairo_restore(cr)
    }

    /// The bar over an image: along its bottom edge, light on a dark track, which shows on any
    /// picture in either theme.
    private func drawProgressOverImage(_ fraction: Double, _ cr: OpaquePointer, width: Double, height: Double) {
        let thickness = 4.0, inset = 6.0
        let barWidth = width - 2 * inset
        guard barWidth > thickness, height > thickness + 2 * inset else { return }
        let y = height - inset - thickness
        func bar(_ length: Double) { Self.fillBar(cr, x: inset, y: y, length: length, thickness: thickness) }
        cairo_save(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.45)
        bar(barWidth)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        bar(max(thickness, barWidth * min(max(fraction, 0), 1)))
        cairo_restore(cr)
    }

    /// Fills a bar with round ends from (`x`, `y`), `length` long.
    private static func fillBar(_ cr: OpaquePointer, x: Double, y: Double, length: Double, thickness: Double) {
        let radius = thickness / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + radius, y + radius, radius, Double.pi / 2, 3 * Double.pi / 2)
        cairo_arc(cr, x + max(radius, length - radius), y + radius, radius, 3 * Double.pi / 2, Double.pi / 2)
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    /// A symbolic icon recoloured for the current theme, centred.
    private func drawIcon(_ name: String, _ cr: OpaquePointer, width: Double, height: Double,
                          style: UnsafeMutablePointer<GtkStyleContext>?) {
        let side = Int(min(Double(iconSize), min(width, height) * 0.6))
        let scale = scaleFactor
        guard side > 0, let surface = SymbolicIconSurfaces.surface(name, side: side, scale: scale, style: style) else { return }
        cairo_save(cr)
        // The surface carries the device scale: its logical size is its pixels over the scale.
        cairo_translate(cr, (width - Double(cairo_image_surface_get_width(surface)) / Double(scale)) / 2,
                        (height - Double(cairo_image_surface_get_height(surface)) / Double(scale)) / 2)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_paint_with_alpha(cr, 0.55)
        cairo_restore(cr)
    }
}

