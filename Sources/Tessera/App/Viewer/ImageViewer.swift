import Domain
import Foundation
import Gtk
import HelperWire
import ImagePipeline
import Localization

/// One picture at any zoom, always decoded at the size shown, the last decode scaled meanwhile; geometry is
/// `ImageViewport`'s, painting `ZoomablePicture`'s.
@MainActor
public final class ImageViewer {
    /// The picture with the download's progress over it.
    let widget: Widget
    public let picture = ZoomablePicture(iconSize: 96)
    /// How far the download has come, until the first bitmap (`ImageViewer+Download`).
    let downloadBubble: Revealer
    let downloadBar: ProgressBar
    let downloadLabel: Label
    let pipeline: ImagePipeline
    /// What the pictures' downloads are counted under (the section the viewer opened from).
    let account: DownloadAccount
    public internal(set) var viewport: ImageViewport?
    var url: URL?
    /// Asked for with every frame until the first decode says it is a still.
    var animates = false
    /// The longer side of the bitmap shown (or on its way), in its pixels.
    var decodedSide: Int?
    var askedSide: Int?
    var loading: Task<Void, Never>?
    /// A large picture's part decoded at the zoom shown; the one on its way.
    var detailShown: DetailRegion?
    var detailAsked: DetailRegion?
    var detailLoading: Task<Void, Never>?
    /// A zoom asked for before the picture was placed.
    var pendingZoom: Double?
    /// How the picture is shown against its file; set before `show`, changed by `reorient(to:)`.
    var orientation = PictureOrientation.upright
    /// A zoom and centre from the last launch, applied once the picture is placed.
    var pendingPlace: (zoom: Double, centerX: Double, centerY: Double)?

    /// The first bitmap, when it came before the picture had a size to fit it into.
    var firstImage: DecodedImage?
    /// A progressive picture's passes while its first bitmap downloads (`ImageViewer+Download`).
    let passes = DownloadPasses()
    /// How many of them show (0: none).
    var passesShown: Int { passes.shown }

    var sharpen: DispatchWorkItem?
    /// The colour profile the picture carried (converted to sRGB), from its last decode; nil for none.
    public internal(set) var colourProfile: String?
    /// What went wrong, in words, when the picture cannot be shown.
    public internal(set) var failure: String?
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

    /// The zoom holds this long before a sharper decode: wheel and pinch steps come faster than decodes.
    static let sharpenDelay: DispatchTimeInterval = .milliseconds(150)

    init(pipeline: ImagePipeline, account: DownloadAccount = DownloadAccount(nil)) {
        self.account = account
        self.pipeline = pipeline
        picture.addStyleClass("viewer-picture")
        picture.canFocus = true
        picture.hexpand = true
        picture.vexpand = true
        (downloadBubble, downloadBar, downloadLabel) = Self.makeDownloadBubble()
        let overlay = Overlay(child: picture)
        overlay.addOverlay(downloadBubble, passThrough: true)
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
        passes.stop()
        detailLoading?.cancel()
        sharpen?.cancel()
    }

    /// Shows the picture at `url`, fitted; an animation plays.
    func show(_ url: URL, animates: Bool) {
        cancelLoading()
        picture.pendingReorientation = nil
        self.url = url
        self.animates = animates
        viewport = nil
        firstImage = nil
        passes.reset()
        pendingZoom = nil
        decodedSide = nil
        askedSide = nil
        failure = nil
        picture.placement = nil
        picture.showIcon(ImageView.placeholderIcon)
        picture.accessibleName = tr("Loading the picture")
        // The first decode fits the view and brings the picture's own size.
        if hasSize { load(side: viewSide) }
        onChange?()
    }

    /// Whether the picture has been given its place on screen.
    var hasSize: Bool {
        let allocation = picture.allocation
        return allocation.width > 1 && allocation.height > 1
    }

    /// Shows nothing (a clip is shown instead).
    func clear() {
        cancelLoading()
        picture.pendingReorientation = nil
        url = nil
        viewport = nil
        firstImage = nil
        decodedSide = nil
        picture.showIcon(ImageView.placeholderIcon)
        onChange?()
    }

    /// The picture shows, as sharp as its zoom needs (or it failed, in words).
    public var isSettled: Bool {
        failure != nil || (viewport != nil && !picture.awaitsSurface && loading == nil && detailLoading == nil && !picture.awaitsDetail
                           && picture.reorientationProgress == nil && picture.pendingReorientation == nil)
    }

    /// Every pixel the zoom needs shows: the bitmap, or the part decoded alone.
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
    var viewSide: Int {
        let allocation = picture.allocation
        return max(64, max(allocation.width, allocation.height) * picture.scaleFactor)
    }

    // MARK: Zoom

    /// Changes the viewport and shows it: placed, a sharper decode once the zoom holds.
    public func change(_ body: (inout ImageViewport) -> Void) {
        guard var viewport else { return }
        body(&viewport)
        self.viewport = viewport
        place()
        scheduleSharpening()
        onChange?()
    }

    /// Shows the picture turned or flipped so, fitted again or at the zoom it had; `moving` shows the change as a move.
    func reorient(to orientation: PictureOrientation, moving: ZoomablePicture.Reorientation? = nil) {
        self.orientation = orientation
        picture.pendingReorientation = moving
        guard url != nil, failure == nil else { return }
        if let viewport { pendingZoom = viewport.isFitted ? nil : viewport.zoom }
        viewport = nil
        cancelLoading()
        if hasSize { load(side: decodedSide ?? viewSide) }
    }

    func zoomIn() { change { $0.zoomIn() } }
    func zoomOut() { change { $0.zoomOut() } }
    func fit() { change { $0.fit() } }
    /// Zooms to `level` (1 is 100 %), now or once the picture is placed.
    public func zoom(to level: Double) {
        guard viewport != nil else { return pendingZoom = level }
        change { $0.setZoom(level) }
    }

    /// Best fit, or 100 % at a point (or the centre) when fitted: double-click and the zoom button.
    func toggleFit(atViewX x: Double? = nil, y: Double? = nil) {
        change { viewport in
            if viewport.isFitted { viewport.setZoom(1, aroundViewX: x, y: y) } else { viewport.fit() }
        }
    }

    func place() {
        guard let viewport else { return }
        picture.placement = ZoomablePicture.Placement(originX: viewport.origin.x, originY: viewport.origin.y, zoom: viewport.zoom)
        picture.accessibleDescription = tr("Zoom {percent} %", ["percent": String(viewport.percent)])
        updateCursor()
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
}
