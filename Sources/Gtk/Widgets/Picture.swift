import CGtk
import Dispatch

/// Something that holds a decoded GdkPixbuf (the image pipeline's images).
public protocol PixbufSource: AnyObject, Sendable {
    /// A GdkPixbuf the source keeps alive for as long as it exists.
    var pixbufPointer: OpaquePointer { get }
    /// An animation's frames in order (the first is `pixbufPointer`) with how long each shows;
    /// empty for a still. Kept alive as long as the source.
    var animationFrames: [(pixbuf: OpaquePointer, delay: Duration)] { get }
}

extension PixbufSource {
    public var animationFrames: [(pixbuf: OpaquePointer, delay: Duration)] { [] }
}

/// Draws a decoded bitmap scaled to its allocation (filling it, or fitting inside it), or a
/// themed symbolic icon centred on a quiet background (placeholder, broken image).
///
/// Everything is drawn at device pixels: on a scale-2 screen the bitmap is fitted into a surface
/// twice the allocation's size that carries the device scale, so it is painted 1:1, never
/// stretched. A bitmap decoded at the device size (`ImageView` asks for it) goes through
/// unchanged; one of a nearby size is resampled once, on the first draw at that size.
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
        didSet { if let old = oldValue, old.surface != scaled?.surface { cairo_surface_destroy(old.surface) } }
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
        onMap { [weak self] in self?.updatePlayback() }
        onUnmap { [weak self] in self?.updatePlayback() }
    }

    public func show(_ image: any PixbufSource) {
        scaled = nil
        source = image
        frames = image.animationFrames
        frameIndex = 0
        updatePlayback()
        iconName = nil
        content = .image(width: Int(gdk_pixbuf_get_width(image.pixbufPointer)),
                         height: Int(gdk_pixbuf_get_height(image.pixbufPointer)))
        queueDraw()
    }

    public func showIcon(_ name: String) {
        scaled = nil
        source = nil
        frames = []
        frameIndex = 0
        updatePlayback()
        iconName = name
        content = .icon(name)
        queueDraw()
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
        if let source, width >= 1, height >= 1 {
            let shown = frames.isEmpty ? source.pixbufPointer : frames[frameIndex].pixbuf
            let surface = scaledSurface(of: shown, width: Int(width), height: Int(height), scale: scaleFactor)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_paint(cr)
        } else if let iconName {
            drawIcon(iconName, cr, width: width, height: height, style: style)
        }
        // A picture that takes the keyboard focus (a page's first stop) shows it, as a button does.
        if gtk_widget_has_visible_focus(widget) != 0, width > 4, height > 4 {
            gtk_render_focus(style, cr, 2, 2, width - 4, height - 4)
        }
    }

    override func willRelease() {
        nextFrame?.cancel()
        nextFrame = nil
        scaled = nil
        super.willRelease()
    }

    /// Starts or stops the animation: it plays while asked to, mapped, with more than one frame
    /// and GTK's animations on. Each frame waits its own delay on the main queue (no tick every
    /// display frame for a clip of ten frames a second).
    private func updatePlayback() {
        let wanted = playsAnimations && frames.count > 1 && isMapped && ThemeSettings().animationsEnabled
        if wanted, nextFrame == nil {
            let step = DispatchWorkItem { [weak self] in self?.showNextFrame() }
            nextFrame = step
            let delay = frames[frameIndex].delay.components
            let nanoseconds = Int(delay.seconds) * 1_000_000_000 + Int(delay.attoseconds / 1_000_000_000)
            DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: step)
        } else if !wanted, let nextFrame {
            nextFrame.cancel()
            self.nextFrame = nil
        }
    }

    private func showNextFrame() {
        nextFrame = nil
        // Nobody saw the frame shown: wait for the next draw before going on.
        guard !frames.isEmpty, drawnSinceStep else { return }
        drawnSinceStep = false
        frameIndex = (frameIndex + 1) % frames.count
        // Each frame is scaled when drawn: a viewer's frames are few and shown one at a time.
        scaled = nil
        queueDraw()
        updatePlayback()
    }

    /// The image scaled (fill or fit, centred) into a surface of the allocation's size in device
    /// pixels, which carries the device scale (so it paints at the allocation's logical size), cached.
    private func scaledSurface(of pixbuf: OpaquePointer, width: Int, height: Int, scale: Int) -> OpaquePointer {
        if let scaled, scaled.width == width, scaled.height == height, scaled.scale == scale { return scaled.surface }
        let deviceWidth = width * scale, deviceHeight = height * scale
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(deviceWidth), gint(deviceHeight))!
        Self.paint(pixbuf, into: surface, width: deviceWidth, height: deviceHeight, scaling: scaling)
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        scaled = (width, height, scale, surface)
        return surface
    }

    /// Paints `pixbuf` scaled (fill or fit, centred) into `width` x `height` pixels of `surface`.
    static func paint(_ pixbuf: OpaquePointer, into surface: OpaquePointer, width: Int, height: Int, scaling: Scaling) {
        let cr = cairo_create(surface)!
        let imageWidth = Double(gdk_pixbuf_get_width(pixbuf)), imageHeight = Double(gdk_pixbuf_get_height(pixbuf))
        let scaleX = Double(width) / imageWidth, scaleY = Double(height) / imageHeight
        let factor = scaling == .fill ? max(scaleX, scaleY) : min(scaleX, scaleY)
        cairo_translate(cr, (Double(width) - imageWidth * factor) / 2, (Double(height) - imageHeight * factor) / 2)
        cairo_scale(cr, factor, factor)
        gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_destroy(cr)
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
