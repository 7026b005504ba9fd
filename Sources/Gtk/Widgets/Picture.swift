import CGtk

/// A decoded bitmap a picture paints (the image pipeline's images): 32 bits a pixel with
/// premultiplied alpha in native byte order (cairo's ARGB32), rows `stride` bytes apart, kept
/// unchanged and alive as long as the source exists.
public protocol BitmapSource: AnyObject, Sendable {
    var pixels: UnsafeMutableRawPointer { get }
    var width: Int { get }
    var height: Int { get }
    var stride: Int { get }
}

/// Draws a decoded bitmap scaled to its allocation (filling it, or fitting inside it), or a
/// themed symbolic icon centred on a quiet background (placeholder, broken image).
///
/// Everything is drawn at device pixels. A bitmap decoded for the allocation's device size
/// (`ImageView` asks for it: one side equal to the box's, the other covering or inside it) is
/// painted straight from its own pixels, 1:1, cropped or centred: no copy, no resampling. One of
/// another size is resampled once into a surface of the allocation's device size, on the first
/// draw at that size, and that surface is painted 1:1 after.
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
    /// The image scaled to the allocation at the device scale, when it was not decoded for it:
    /// made on the first draw at a size and reused by every later draw at that size.
    private var scaled: (width: Int, height: Int, scale: Int, surface: OpaquePointer)? {
        didSet { if let old = oldValue, old.surface != scaled?.surface { cairo_surface_destroy(old.surface) } }
    }
    private var source: (any BitmapSource)?
    /// A cairo surface over the source's own pixels (no copy).
    private var sourceSurface: OpaquePointer? {
        didSet { if let oldValue, oldValue != sourceSurface { cairo_surface_destroy(oldValue) } }
    }
    private var iconName: String?
    private let iconSize: Int

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
    }

    public func show(_ image: any BitmapSource) {
        scaled = nil
        sourceSurface = Self.surface(over: image)
        source = image
        iconName = nil
        content = .image(width: image.width, height: image.height)
        queueDraw()
    }

    public func showIcon(_ name: String) {
        scaled = nil
        sourceSurface = nil
        source = nil
        iconName = name
        content = .icon(name)
        queueDraw()
    }

    /// True when the picture's bitmap was decoded for its box at the device scale and is painted
    /// from its own pixels, 1:1, with nothing resampled.
    public var isPaintedOneToOne: Bool {
        guard let source else { return false }
        let scale = scaleFactor
        return Self.oneToOneOffset(of: source, inWidth: allocation.width * scale, height: allocation.height * scale,
                                   scaling: scaling) != nil
    }

    /// Clips everything drawn to the largest centred circle (avatars).
    public var isCircular = false {
        didSet { queueDraw() }
    }

    private func draw(_ cr: OpaquePointer) {
        let width = Double(gtk_widget_get_allocated_width(widget))
        let height = Double(gtk_widget_get_allocated_height(widget))
        if isCircular {
            cairo_arc(cr, width / 2, height / 2, min(width, height) / 2, 0, 2 * Double.pi)
            cairo_clip(cr)
        }
        let style = gtk_widget_get_style_context(widget)
        gtk_render_background(style, cr, 0, 0, width, height)
        if let source, let sourceSurface, width >= 1, height >= 1 {
            let scale = scaleFactor
            if let offset = Self.oneToOneOffset(of: source, inWidth: Int(width) * scale, height: Int(height) * scale, scaling: scaling) {
                // Device pixels straight from the decoded ones: the surface carries the scale, so
                // a whole number of device pixels is a copy.
                cairo_surface_set_device_scale(sourceSurface, Double(scale), Double(scale))
                cairo_save(cr)
                cairo_rectangle(cr, 0, 0, width, height)
                cairo_clip(cr)
                cairo_set_source_surface(cr, sourceSurface, Double(offset.x) / Double(scale), Double(offset.y) / Double(scale))
                cairo_paint(cr)
                cairo_restore(cr)
            } else {
                let surface = scaledSurface(of: source, width: Int(width), height: Int(height), scale: scale)
                cairo_set_source_surface(cr, surface, 0, 0)
                cairo_paint(cr)
            }
        } else if let iconName {
            drawIcon(iconName, cr, width: width, height: height, style: style)
        }
        // A picture that takes the keyboard focus (a page's first stop) shows it, as a button does.
        if gtk_widget_has_visible_focus(widget) != 0, width > 4, height > 4 {
            gtk_render_focus(style, cr, 2, 2, width - 4, height - 4)
        }
    }

    override func willRelease() {
        scaled = nil
        sourceSurface = nil
        super.willRelease()
    }

    /// Where a bitmap of `source`'s size goes, in device pixels, to be painted 1:1 into a box of
    /// `width` x `height` device pixels, centred: when one of its sides is the box's and the
    /// other covers the box (fill) or fits inside it (fit). Nil when it would have to be resampled.
    static func oneToOneOffset(of source: any BitmapSource, inWidth width: Int, height: Int,
                               scaling: Scaling) -> (x: Int, y: Int)? {
        let matches = switch scaling {
        case .fill: (source.width == width && source.height >= height) || (source.height == height && source.width >= width)
        case .fit: (source.width == width && source.height <= height) || (source.height == height && source.width <= width)
        }
        guard matches else { return nil }
        return ((width - source.width) / 2, (height - source.height) / 2)
    }

    /// A cairo image surface over `source`'s pixels (they stay the source's).
    static func surface(over source: any BitmapSource) -> OpaquePointer {
        cairo_image_surface_create_for_data(source.pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                            gint(source.width), gint(source.height), gint(source.stride))
    }

    /// The image scaled (fill or fit, centred) into a surface of the allocation's size in device
    /// pixels, which carries the device scale (so it paints at the allocation's logical size), cached.
    private func scaledSurface(of source: any BitmapSource, width: Int, height: Int, scale: Int) -> OpaquePointer {
        if let scaled, scaled.width == width, scaled.height == height, scaled.scale == scale { return scaled.surface }
        let deviceWidth = width * scale, deviceHeight = height * scale
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(deviceWidth), gint(deviceHeight))!
        Self.paint(source, into: surface, width: deviceWidth, height: deviceHeight, scaling: scaling)
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        scaled = (width, height, scale, surface)
        return surface
    }

    /// Paints `source` scaled (fill or fit, centred) into `width` x `height` pixels of `surface`.
    static func paint(_ source: any BitmapSource, into surface: OpaquePointer, width: Int, height: Int, scaling: Scaling) {
        let bitmap = Self.surface(over: source)
        defer { cairo_surface_destroy(bitmap) }
        let cr = cairo_create(surface)!
        let imageWidth = Double(source.width), imageHeight = Double(source.height)
        let scaleX = Double(width) / imageWidth, scaleY = Double(height) / imageHeight
        let factor = scaling == .fill ? max(scaleX, scaleY) : min(scaleX, scaleY)
        cairo_translate(cr, (Double(width) - imageWidth * factor) / 2, (Double(height) - imageHeight * factor) / 2)
        cairo_scale(cr, factor, factor)
        cairo_set_source_surface(cr, bitmap, 0, 0)
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
