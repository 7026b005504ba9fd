import Domain
import Foundation
import Gtk
import HelperWire
import ImagePipeline
import Localization

/// One picture at any zoom: fitted when it opens, zoomed and panned by keys, pointer, wheel and
/// pinch (`ImageViewer+Input`), and always sharp: the picture is decoded, in the helpers, at the
/// size the zoom shows it, and while a sharper decode is on its way the one shown is scaled.
///
/// The geometry is `ImageViewport`'s; `ZoomablePicture` paints what it says.
@MainActor
public final class ImageViewer {
    /// The picture with the zoom level over it.
    let widget: Widget
    public let picture = ZoomablePicture(iconSize: 96)
    /// The zoom level, shown while it changes ("150 %").
    let zoomLabel = Label()
    private let zoomBubble: Revealer
    private let pipeline: ImagePipeline
    /// What the pictures' downloads are counted under (the section the viewer opened from).
    private let account: DownloadAccount
    public private(set) var viewport: ImageViewport?
    private(set) var url: URL?
    /// Whether the picture is asked for with every frame: until the first decode says it is a
    /// still.
    private var animates = false
    /// The longer side of the bitmap shown (or on its way), in its pixels.
    private(set) var decodedSide: Int?
    private var askedSide: Int?
    private var loading: Task<Void, Never>?
    /// The part of a large picture decoded alone at the zoom shown (`DetailRegion`), painted
    /// over the bitmap; the one on its way.
    private(set) var detailShown: DetailRegion?
    private var detailAsked: DetailRegion?
    private var detailLoading: Task<Void, Never>?
    private var hideBubble: DispatchWorkItem?
    private var sharpen: DispatchWorkItem?
    /// The name of the colour profile the picture carried (converted to sRGB for the screen), as
    /// its last decode said; nil when it carried none.
    public private(set) var colourProfile: String?
    /// What went wrong, in words, when the picture cannot be shown.
    public private(set) var failure: String?
    /// Called whenever the zoom or the picture changes (the page's buttons follow it).
    var onChange: (@MainActor () -> Void)?
    /// A click beside the picture (on the backdrop), not a drag.
    var onBackdropClick: (@MainActor () -> Void)?
    /// A drag in progress: where the pointer was last, and whether it moved.
    var drag: (x: Double, y: Double, moved: Bool)?
    /// The zoom when a pinch began.
    var pinchStartZoom: Double?
    /// Kept alive here: a GTK 3 gesture is not owned by its widget.
    var pinch: ZoomGesture?

    /// How long the zoom must hold before a sharper decode is asked for: a wheel's or a pinch's
    /// steps come faster, and each decode of a large photo costs a tenth of a second.
    static let sharpenDelay: DispatchTimeInterval = .milliseconds(150)
    /// How long the zoom level stays on screen after it changed.
    static let bubbleTime: DispatchTimeInterval = .milliseconds(1500)

    init(pipeline: ImagePipeline, account: DownloadAccount = DownloadAccount(nil)) {
        self.account = account
        self.pipeline = pipeline
        picture.addStyleClass("viewer-picture")
        picture.canFocus = true
        picture.hexpand = true
        picture.vexpand = true
        zoomLabel.addStyleClass("viewer-zoom-level")
        zoomBubble = Revealer(child: zoomLabel, transition: .crossfade, duration: 150)
        zoomBubble.halign = .center
        zoomBubble.valign = .end
        zoomBubble.setMargins(24)
        let overlay = Overlay(child: picture)
        overlay.addOverlay(zoomBubble)
        widget = overlay
        overlay.showAll()
        _ = picture.onSizeAllocate { [weak self] _ in self?.viewChanged() }
        _ = picture.onScaleFactorChanged { [weak self] in self?.viewChanged() }
        picture.onSurfaceReady = { [weak self] in self?.onChange?() }
        connectInput()
    }

    /// A closed viewer asks for nothing more: its decodes on their way are let go.
    isolated deinit {
        loading?.cancel()
        detailLoading?.cancel()
        sharpen?.cancel()
        hideBubble?.cancel()
    }

    /// Shows the picture at `url`, fitted; an animation plays.
    func show(_ url: URL, animates: Bool) {
        cancelLoading()
        self.url = url
        self.animates = animates
        viewport = nil
        firstImage = nil
        pendingZoom = nil
        decodedSide = nil
        askedSide = nil
        failure = nil
        picture.placement = nil
        picture.showIcon(ImageView.placeholderIcon)
        picture.accessibleName = tr("Loading the picture")
        // The first decode fits the view (once it has a size); the picture's own size comes
        // with it.
        if hasSize { load(side: viewSide) }
        onChange?()
    }

    /// Whether the picture has been given its place on screen.
    private var hasSize: Bool {
        let allocation = picture.allocation
        return allocation.width > 1 && allocation.height > 1
    }

    /// Shows nothing (a clip is shown instead).
    func clear() {
        cancelLoading()
        url = nil
        viewport = nil
        firstImage = nil
        decodedSide = nil
        picture.showIcon(ImageView.placeholderIcon)
        onChange?()
    }

    /// The picture shows, as sharp as its zoom needs (or it failed, in words).
    public var isSettled: Bool {
        failure != nil || (viewport != nil && !picture.awaitsSurface && loading == nil && detailLoading == nil && !picture.awaitsDetail)
    }

    /// Whether the picture shows at every pixel it needs for the zoom shown: the bitmap, or for
    /// a large picture zoomed in, the part decoded alone.
    public var isSharp: Bool {
        guard let viewport, let painted = picture.paintedSize, !picture.awaitsSurface else { return false }
        if let needed = DetailRegion(viewport: viewport) {
            guard let detailShown, !picture.awaitsDetail else { return false }
            return needed.isServed(by: detailShown, viewport: viewport)
        }
        return max(painted.width, painted.height) >= viewport.neededSide
    }

    var isFitted: Bool { viewport?.isFitted ?? true }

    /// Where the picture is on its way to the screen, in words: what a test that timed out says.
    var progress: String {
        let allocation = picture.allocation
        return "address \(url?.lastPathComponent ?? "none"), view \(allocation.width)x\(allocation.height), "
            + "viewport \(viewport.map { "\($0.percent) %" } ?? "none"), decoded \(decodedSide ?? 0), "
            + "asked \(askedSide ?? 0), loading \(loading != nil), detail \(detailShown.map { "\($0.width)x\($0.height)" } ?? "none"), " // not translated
            + "detail loading \(detailLoading != nil), first image waiting \(firstImage != nil), " // not translated
            + "awaits surface \(picture.awaitsSurface), painted \(picture.paintedSize.map { "\($0.width)x\($0.height)" } ?? "none"), " // not translated
            + "failure \(failure ?? "none")"
    }

    /// The view's longer side in device pixels: what a fitted picture needs at most.
    private var viewSide: Int {
        let allocation = picture.allocation
        return max(64, max(allocation.width, allocation.height) * picture.scaleFactor)
    }

    // MARK: Zoom

    /// Changes the viewport and shows the result: the picture placed, the zoom level said, a
    /// sharper decode asked for once the zoom holds.
    public func change(_ body: (inout ImageViewport) -> Void) {
        guard var viewport else { return }
        let before = viewport
        body(&viewport)
        self.viewport = viewport
        place()
        if viewport.zoom != before.zoom { sayZoom() }
        scheduleSharpening()
        onChange?()
    }

    func zoomIn() { change { $0.zoomIn() } }
    func zoomOut() { change { $0.zoomOut() } }
    func fit() { change { $0.fit() } }
    /// Zooms to `level` (1 is 100 %), at once or, while the picture is still on its way, once it
    /// is placed.
    public func zoom(to level: Double) {
        guard viewport != nil else { return pendingZoom = level }
        change { $0.setZoom(level) }
    }

    /// Best fit, or 100 % (at a point of the view, or its centre) when fitted: a double-click
    /// and the zoom level button.
    func toggleFit(atViewX x: Double? = nil, y: Double? = nil) {
        change { viewport in
            if viewport.isFitted { viewport.setZoom(1, aroundViewX: x, y: y) } else { viewport.fit() }
        }
    }

    private func place() {
        guard let viewport else { return }
        picture.placement = ZoomablePicture.Placement(originX: viewport.origin.x, originY: viewport.origin.y, zoom: viewport.zoom)
        picture.accessibleDescription = tr("Zoom {percent} %", ["percent": String(viewport.percent)])
        updateCursor()
    }

    /// The zoom level in the bubble for a moment, and to a screen reader as the picture's
    /// description.
    private func sayZoom() {
        guard let viewport else { return }
        zoomLabel.text = tr("{percent} %", ["percent": String(viewport.percent)])
        zoomBubble.revealsChild = true
        hideBubble?.cancel()
        let hide = DispatchWorkItem { [weak self] in self?.zoomBubble.revealsChild = false }
        hideBubble = hide
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.bubbleTime, execute: hide)
    }

    /// The view has a new size or scale.
    private func viewChanged() {
        let allocation = picture.allocation
        guard allocation.width > 1, allocation.height > 1 else { return }
        if viewport == nil, failure == nil {
            // The picture came before its place did, or is still to be asked for.
            if let first = firstImage {
                firstImage = nil
                shown(first)
            } else if url != nil, loading == nil {
                load(side: viewSide)
            }
            return
        }
        change { $0.resize(viewWidth: Double(allocation.width), viewHeight: Double(allocation.height), scale: picture.scaleFactor) }
    }

    // MARK: Loading

    private func scheduleSharpening() {
        sharpen?.cancel()
        let work = DispatchWorkItem { [weak self] in self?.sharpenIfNeeded() }
        sharpen = work
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.sharpenDelay, execute: work)
    }

    /// Asks for the decode the zoom needs: larger when what shows is enlarged, smaller when it is
    /// shrunk by more than a quarter (shrunk, it is drawn with a plain bilinear filter, which
    /// shows its pixels' grain, and holds memory for nothing). An animation keeps its frames.
    private func sharpenIfNeeded() {
        guard let viewport, !animates, failure == nil, let shown = askedSide ?? decodedSide else { return }
        // A large picture zoomed in: the part in view, decoded alone, over the bitmap there is.
        if let part = DetailRegion(viewport: viewport) {
            if let had = detailAsked ?? detailShown, part.isServed(by: had, viewport: viewport) { return }
            return loadDetail(part)
        }
        // The bitmap alone will do: the detail stays until a bitmap sharp enough replaces it.
        detailLoading?.cancel()
        detailLoading = nil
        detailAsked = nil
        let needed = viewport.neededSide
        if needed > shown || Double(needed) < Double(shown) * Self.largestShrink { load(side: needed) }
    }

    /// How much smaller than its bitmap a picture may be shown before it is decoded again at the
    /// size shown.
    static let largestShrink = 0.75

    private func load(side: Int) {
        guard let url else { return }
        loading?.cancel()
        askedSide = side
        var request = ImageRequest(url: url, maximumPixelSize: side)
        request.account = account
        request.animates = animates
        request.exactSize = true
        let pipeline = self.pipeline
        loading = Task(priority: .userInitiated) { [weak self] in
            let result: Result<DecodedImage, ImageError>
            do throws(ImageError) {
                result = .success(try await pipeline.image(for: request))
            } catch {
                result = .failure(error)
            }
            guard let self, !Task.isCancelled, self.url == url else { return }
            self.loading = nil
            self.askedSide = nil
            switch result {
            case .success(let image): self.shown(image)
            case .failure(.cancelled): break
            case .failure where self.viewport != nil:
                // A sharper decode failed (the network went, say): the one shown stays, scaled.
                break
            case .failure(let error):
                self.failure = error.description
                self.picture.showIcon(ImageView.brokenIcon)
                self.picture.accessibleName = error.description
                self.onChange?()
            }
        }
    }

    private func loadDetail(_ part: DetailRegion) {
        guard let url else { return }
        detailLoading?.cancel()
        detailAsked = part
        var request = ImageRequest(url: url, maximumPixelSize: max(part.scaledWidth, part.scaledHeight))
        request.account = account
        request.exactSize = true
        request.region = PictureRegion(x: part.x, y: part.y, width: part.width, height: part.height)
        let pipeline = self.pipeline
        detailLoading = Task(priority: .userInitiated) { [weak self] in
            let image: DecodedImage?
            do throws(ImageError) { image = try await pipeline.image(for: request) } catch { image = nil }
            guard let self, !Task.isCancelled, self.url == url else { return }
            self.detailLoading = nil
            self.detailAsked = nil
            // A failed part (the network went, say): the bitmap stays, scaled.
            guard let image else {
                self.onChange?()
                return
            }
            self.detailShown = part
            self.picture.showDetail(image, part: ZoomablePicture.Part(scaledWidth: part.scaledWidth, scaledHeight: part.scaledHeight,
                                                                      x: part.x, y: part.y, width: part.width, height: part.height))
            self.onChange?()
        }
    }

    /// A zoom asked for before the picture was placed.
    private var pendingZoom: Double?

    /// The first bitmap, when it came before the picture had a size to fit it into.
    private var firstImage: DecodedImage?

    private func shown(_ image: DecodedImage) {
        guard viewport != nil || hasSize else {
            firstImage = image
            return
        }
        // A still is decoded again as the zoom needs; an animation keeps its frames.
        if image.frames.isEmpty { animates = false }
        decodedSide = max(image.width, image.height)
        colourProfile = image.colourProfile
        if detailShown != nil, let viewport, DetailRegion(viewport: viewport) == nil {
            detailShown = nil
            picture.clearDetail()
        }
        picture.show(image, pictureWidth: image.originalWidth, pictureHeight: image.originalHeight)
        picture.accessibleName = tr("Picture, {width} × {height} pixels",
                                    ["width": String(image.originalWidth), "height": String(image.originalHeight)])
        if viewport == nil {
            let allocation = picture.allocation
            viewport = ImageViewport(imageWidth: image.originalWidth, imageHeight: image.originalHeight,
                                     viewWidth: Double(allocation.width), viewHeight: Double(allocation.height),
                                     scale: picture.scaleFactor)
            place()
            if let pendingZoom {
                self.pendingZoom = nil
                zoom(to: pendingZoom)
            }
            // A view that changed size while the first decode was made may need another.
            scheduleSharpening()
        }
        onChange?()
    }

    private func cancelLoading() {
        loading?.cancel()
        loading = nil
        detailLoading?.cancel()
        detailLoading = nil
        detailAsked = nil
        detailShown = nil
        picture.clearDetail()
        sharpen?.cancel()
        sharpen = nil
    }
}
