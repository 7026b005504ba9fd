import CGtk
import Dispatch

/// A picture at any zoom and position, given `placement` and bitmaps as they decode; it paints the best it has,
/// never a blank, only the view, pixel for pixel at 100 %.
@MainActor
public final class ZoomablePicture: Widget {
    /// The picture's top-left corner in the widget, and its device pixels per picture pixel (1 is 100 %).
    public struct Placement: Equatable, Sendable {
        public var originX: Double
        public var originY: Double
        public var zoom: Double

        public init(originX: Double, originY: Double, zoom: Double) {
            self.originX = originX
            self.originY = originY
            self.zoom = zoom
        }
    }

    public var placement: Placement? {
        didSet { if placement != oldValue { queueDraw() } }
    }
    /// The picture's own size, of which the bitmaps are copies.
    public private(set) var pictureSize: (width: Int, height: Int)?
    /// The bitmap painted now: its surface and its size in pixels.
    private var surface: (surface: OpaquePointer, width: Int, height: Int)? {
        didSet {
            guard let old = oldValue, old.surface != surface?.surface else { return }
            tiles.reset()
            cairo_surface_destroy(old.surface)
        }
    }
    /// The bitmap in tiles where the window is drawn (under X11).
    private let tiles = PictureTiles()
    /// A part decoded sharper than the bitmap, painted over it: a large picture zoomed in (`showDetail`).
    private var detail: (surface: OpaquePointer, part: Part)?
    /// The detail in tiles where the window is drawn (under X11).
    private var detailTiles = PictureTiles()
    /// The next detail while its tiles go to the X server; it replaces `detail` once all are there.
    private var incoming: (surface: OpaquePointer, part: Part)?
    private var incomingTiles = PictureTiles()
    /// How many tiles of a new detail are sent in one frame (4 MB).
    static let tilesPerFrame = 4
    /// Bumped for every detail given: one made for an earlier part is dropped.
    private var detailGeneration = 0 {
        didSet { latestDetailGeneration.set(detailGeneration) }
    }
    private let latestDetailGeneration = GenerationCounter()
    /// A detail is being made into a surface.
    public private(set) var awaitsDetail = false

    /// Where a detail goes: a rectangle of the picture scaled to `scaledWidth` x `scaledHeight`.
    public struct Part: Equatable, Sendable {
        public var scaledWidth: Int
        public var scaledHeight: Int
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int

        public init(scaledWidth: Int, scaledHeight: Int, x: Int, y: Int, width: Int, height: Int) {
            self.scaledWidth = scaledWidth
            self.scaledHeight = scaledHeight
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The part the detail painted now shows; nil when there is none.
    public var detailPart: Part? { detail?.part }
    /// The size of the bitmap painted, for tests and the owner (what is sharp at which zoom).
    public var paintedSize: (width: Int, height: Int)? { surface.map { ($0.width, $0.height) } }
    /// A bitmap is being made into a surface; the one before stays until it is ready.
    public private(set) var awaitsSurface = false
    /// Called when a new bitmap's surface is painted for the first time.
    public var onSurfaceReady: (@MainActor () -> Void)?
    /// Bumped for every bitmap given: a surface made for an earlier one is dropped.
    private var generation = 0 {
        didSet { latestGeneration.set(generation) }
    }
    /// A bitmap superseded while queued is never converted.
    private let latestGeneration = GenerationCounter()
    private var iconName: String?
    private let iconSize: Int
    /// An animation's frames, played while mapped; empty for a still.
    private var frames: [(pixbuf: OpaquePointer, delay: Duration)] = []
    /// What keeps the frames' pixbufs alive.
    private var animation: (any PixbufSource)?
    public private(set) var frameIndex = 0
    /// How many frames the picture has (1 for a still).
    public var frameCount: Int { max(1, frames.count) }
    private var nextFrame: DispatchWorkItem?
    /// An unseen frame is not followed by the next; the next draw resumes.
    private var drawnSinceStep = true
    /// Whether an animation is playing now.
    public var isPlaying: Bool { nextFrame != nil }
    /// Set before a turned or flipped bitmap comes: it is drawn from where the old one was, easing into place.
    public var pendingReorientation: Reorientation? {
        didSet { zoomBeforeReorienting = placement?.zoom }
    }
    var zoomBeforeReorienting: Double?
    /// The turn or flip on its way, the old zoom over the new, and its first frame's time (µs).
    var reorienting: (from: Reorientation, zoomRatio: Double, start: Int64?)?
    /// 0 to 1 while a turn or flip moves into place; nil otherwise.
    public internal(set) var reorientationProgress: Double?
    /// Surfaces are made here, one at a time (a newer bitmap makes an older one's late).
    private static let converting = DispatchQueue(label: "dev.tessera.zoomable-picture", qos: .userInitiated)

    public init(iconSize: Int = 96) {
        self.iconSize = iconSize
        super.init(taking: UnsafeMutableRawPointer(gtk_drawing_area_new()))
        addStyleClass("zoomable-picture")
        connect("draw", shape: .pointerReturningBool) { [weak self] cr in
            guard let self, let cr else { return false }
            self.draw(OpaquePointer(cr))
            return true
        }
        onMap { [weak self] in self?.updatePlayback() }
        onUnmap { [weak self] in self?.updatePlayback() }
    }

    /// A still once its surface is made aside; an animation at once.
    public func show(_ image: any PixbufSource, pictureWidth: Int, pictureHeight: Int) {
        generation += 1
        iconName = nil
        pictureSize = (pictureWidth, pictureHeight)
        stopPlayback()
        let animationFrames = image.animationFrames
        if animationFrames.count > 1 {
            animation = image
            frames = animationFrames
            frameIndex = 0
            awaitsSurface = false
            surface = Self.surface(of: frames[0].pixbuf)
            startReorienting()
            updatePlayback()
            queueDraw()
            onSurfaceReady?()
            return
        }
        animation = nil
        frames = []
        awaitsSurface = true
        let generation = self.generation
        makeSurface(of: image, latest: latestGeneration, generation: generation) { picture, made in
            guard picture.generation == generation else { return false }
            picture.surface = made
            picture.awaitsSurface = false
            picture.startReorienting()
            return true
        }
    }

    /// Converts unless superseded, handing it to `place`, which says whether it took it.
    private func makeSurface(of image: any PixbufSource, latest: GenerationCounter, generation: Int,
                             place: @escaping @MainActor (ZoomablePicture, (surface: OpaquePointer, width: Int, height: Int)) -> Bool) {
        let bitmap = BitmapInTheMaking(source: image)
        Self.converting.async {
            guard latest.isCurrent(generation) else { return }
            bitmap.surface = bitmap.source.isCairoARGB32 ? Self.surface(over: bitmap.source) : Self.surface(of: bitmap.source.pixbufPointer)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { [weak self] in
                    guard let made = bitmap.surface else { return }
                    guard let self, place(self, made) else { return cairo_surface_destroy(made.surface) }
                    self.queueDraw()
                    self.onSurfaceReady?()
                }
            }
        }
    }

    /// Paints `part` over the bitmap once ready; the old detail stays until then.
    public func showDetail(_ image: any PixbufSource, part: Part) {
        detailGeneration += 1
        awaitsDetail = true
        let generation = detailGeneration
        makeSurface(of: image, latest: latestDetailGeneration, generation: generation) { picture, made in
            guard picture.detailGeneration == generation else { return false }
            // Painted from the next frame: sent to the X server first where the window is drawn there.
            if let passed = picture.incoming {
                cairo_surface_destroy(passed.surface)
                picture.incomingTiles.reset()
            }
            picture.incoming = (made.surface, part)
            return true
        }
    }

    /// Paints no detail (the zoom went back to where the bitmap is enough, or a new picture).
    public func clearDetail() {
        detailGeneration += 1
        awaitsDetail = false
        guard detail != nil || incoming != nil else { return }
        dropDetails()
        queueDraw()
    }

    /// The incoming detail takes the place of the one painted.
    private func promoteIncoming() {
        guard let next = incoming else { return }
        if let old = detail { cairo_surface_destroy(old.surface) }
        detailTiles.reset()
        // Its tiles, made while it came, go with it.
        swap(&detailTiles, &incomingTiles)
        detail = next
        incoming = nil
        awaitsDetail = false
    }

    /// Lets go of the detail painted and the one coming.
    private func dropDetails() {
        if let old = detail { cairo_surface_destroy(old.surface) }
        if let next = incoming { cairo_surface_destroy(next.surface) }
        detail = nil
        incoming = nil
        detailTiles.reset()
        incomingTiles.reset()
    }

    /// Shows a themed symbolic icon (loading, broken) instead of a picture.
    public func showIcon(_ name: String) {
        generation += 1
        stopPlayback()
        animation = nil
        frames = []
        surface = nil
        pictureSize = nil
        awaitsSurface = false
        clearDetail()
        iconName = name
        queueDraw()
    }

    /// What shows, for tests and accessibility: an icon's name, or nil for a picture.
    public var shownIcon: String? { iconName }

    override func willRelease() {
        stopPlayback()
        generation += 1
        surface = nil
        detailGeneration += 1
        dropDetails()
        super.willRelease()
    }

    private func draw(_ cr: OpaquePointer) {
        drawnSinceStep = true
        // A paused animation goes on once it is drawn again (the window back in sight).
        if nextFrame == nil, frames.count > 1 { updatePlayback() }
        let width = Double(gtk_widget_get_allocated_width(widget)), height = Double(gtk_widget_get_allocated_height(widget))
        let style = gtk_widget_get_style_context(widget)
        gtk_render_background(style, cr, 0, 0, width, height)
        if let surface, let placement, let pictureSize {
            let scale = scaleFactor
            let deviceWidth = Int(width) * scale, deviceHeight = Int(height) * scale
            guard deviceWidth > 0, deviceHeight > 0 else { return }
            // Device pixels per bitmap pixel.
            let factor = placement.zoom * Double(pictureSize.width) / Double(surface.width)
            cairo_save(cr)
            cairo_scale(cr, 1 / Double(scale), 1 / Double(scale))
            applyReorientation(on: cr, centre: (placement.originX + Double(pictureSize.width) * placement.zoom / 2,
                                                placement.originY + Double(pictureSize.height) * placement.zoom / 2))
            let drawsOnServer = cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_XLIB
            if let next = incoming {
                let place = Self.place(of: next.part, at: placement, pictureWidth: pictureSize.width)
                if !drawsOnServer || incomingTiles.prepare(next.surface, like: cr, origin: (place.x, place.y), factor: place.factor,
                                                           width: deviceWidth, height: deviceHeight, budget: Self.tilesPerFrame) {
                    promoteIncoming()
                } else {
                    queueDraw()
                }
            }
            // The bitmap paints only outside the detail, so translucent pictures do not show twice.
            let detailPlace = detail.map { Self.place(of: $0.part, at: placement, pictureWidth: pictureSize.width) }
            let shown = (x: max(0, placement.originX), y: max(0, placement.originY),
                         right: min(Double(deviceWidth), placement.originX + Double(pictureSize.width) * placement.zoom),
                         bottom: min(Double(deviceHeight), placement.originY + Double(pictureSize.height) * placement.zoom))
            let covered = detailPlace.map { place in
                place.x <= shown.x && place.y <= shown.y && place.x + place.width >= shown.right && place.y + place.height >= shown.bottom
            } ?? false
            if !covered {
                cairo_save(cr)
                if let place = detailPlace {
                    let left = place.x.rounded(.up), top = place.y.rounded(.up)
                    let right = (place.x + place.width).rounded(.down), bottom = (place.y + place.height).rounded(.down)
                    cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
                    cairo_rectangle(cr, 0, 0, Double(deviceWidth), Double(deviceHeight))
                    if right > left, bottom > top { cairo_rectangle(cr, left, top, right - left, bottom - top) }
                    cairo_clip(cr)
                }
                paint(surface.surface, width: surface.width, height: surface.height, tiles: tiles, on: cr,
                      origin: (placement.originX, placement.originY), factor: factor, filter: Self.filter(for: factor),
                      view: (deviceWidth, deviceHeight), drawsOnServer: drawsOnServer)
                cairo_restore(cr)
            }
            if let detail, let place = detailPlace {
                paint(detail.surface, width: detail.part.width, height: detail.part.height, tiles: detailTiles, on: cr,
                      origin: (place.x, place.y), factor: place.factor, filter: Self.filter(for: place.factor),
                      view: (deviceWidth, deviceHeight), drawsOnServer: drawsOnServer)
            }
            cairo_restore(cr)
        } else if let iconName {
            let side = Int(min(Double(iconSize), min(width, height) * 0.6))
            if side > 0, let icon = SymbolicIconSurfaces.surface(iconName, side: side, scale: scaleFactor, style: style) {
                let scale = Double(scaleFactor)
                cairo_save(cr)
                cairo_translate(cr, (width - Double(cairo_image_surface_get_width(icon)) / scale) / 2,
                                (height - Double(cairo_image_surface_get_height(icon)) / scale) / 2)
                cairo_set_source_surface(cr, icon, 0, 0)
                cairo_paint_with_alpha(cr, 0.55)
                cairo_restore(cr)
            }
        }
        if gtk_widget_has_visible_focus(widget) != 0, width > 4, height > 4 {
            gtk_render_focus(style, cr, 2, 2, width - 4, height - 4)
        }
    }

    /// Plays an animation while the picture is mapped, its window in sight, and GTK's animations are on.
    private func updatePlayback() {
        let wanted = frames.count > 1 && isMapped && !isInWindowOutOfSight && ThemeSettings().animationsEnabled
        if wanted, nextFrame == nil {
            let step = DispatchWorkItem { [weak self] in self?.showNextFrame() }
            nextFrame = step
            DispatchQueue.main.asyncAfter(deadline: .now() + frames[frameIndex].delay.dispatchInterval, execute: step)
        } else if !wanted {
            stopPlayback()
        }
    }

    private func stopPlayback() {
        nextFrame?.cancel()
        nextFrame = nil
    }

    private func showNextFrame() {
        nextFrame = nil
        guard frames.count > 1, drawnSinceStep, !isInWindowOutOfSight else { return }
        drawnSinceStep = false
        frameIndex = (frameIndex + 1) % frames.count
        surface = Self.surface(of: frames[frameIndex].pixbuf)
        queueDraw()
        updatePlayback()
    }

    /// A surface over `source`'s cairo pixels, keeping it alive; any thread.
    nonisolated static func surface(over source: any PixbufSource) -> (surface: OpaquePointer, width: Int, height: Int) {
        let pixbuf = source.pixbufPointer
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let surface = cairo_image_surface_create_for_data(UnsafeMutablePointer(mutating: gdk_pixbuf_read_pixels(pixbuf)), CAIRO_FORMAT_ARGB32,
                                                          gint(width), gint(height), gdk_pixbuf_get_rowstride(pixbuf))!
        let keeper = Unmanaged.passRetained(source as AnyObject).toOpaque()
        cairo_surface_set_user_data(surface, &sourceKey, keeper) { keeper in Unmanaged<AnyObject>.fromOpaque(keeper!).release() }
        return (surface, width, height)
    }

    nonisolated static func surface(of pixbuf: OpaquePointer) -> (surface: OpaquePointer, width: Int, height: Int) {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gint(width), gint(height))!
        let cr = cairo_create(surface)!
        gdk_cairo_set_source_pixbuf(cr, pixbuf, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        return (surface, width, height)
    }
}

/// Where a surface made over a source's pixels (`ZoomablePicture.surface(over:)`) keeps it.
nonisolated(unsafe) private var sourceKey = cairo_user_data_key_t()
