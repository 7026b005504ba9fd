import Gtk
import HelperWire
import ImagePipeline
import Scheduling

extension DecodedImage: PixbufSource {
    public var pixbufPointer: OpaquePointer { pixbuf }
    public var animationFrames: [(pixbuf: OpaquePointer, delay: Duration)] { frames.map { ($0.pixbuf, $0.delay) } }
}

/// A picture bound to a request: memory hits at once, else a placeholder; late results never show.
@MainActor
public final class ImageView {
    public static let placeholderIcon = "image-x-generic-symbolic"
    public static let brokenIcon = "image-missing"

    public let picture: Picture
    private let pipeline: ImagePipeline
    /// What was bound, at logical size.
    private var bound: ImageRequest?
    /// What is asked of the pipeline: `bound` at device pixels.
    private var request: ImageRequest?
    private var loading: Task<Void, Never>?
    /// Bumped on every bind; a load applies its result only if it still matches.
    private var generation = 0
    private var shown = false
    /// Shown while nothing is bound or the image loads.
    private var placeholder = ImageView.placeholderIcon
    /// Called when an image (not a placeholder) is shown.
    public var onImage: (@MainActor (DecodedImage) -> Void)?
    /// Called when the image could not be loaded and the broken-image icon shows.
    public var onFailure: (@MainActor () -> Void)?
    /// Overrides the request's priority: `prefetch` ahead of the view, `visible` in it.
    public var priority: Int? {
        didSet {
            guard let priority, priority != oldValue, var request else { return }
            request.priority = priority
            self.request = request
            guard loading != nil, !shown else { return }
            let pipeline = self.pipeline
            Task { await pipeline.setPriority(priority, for: request) }
        }
    }

    public init(pipeline: ImagePipeline, iconSize: Int = 48, scaling: Picture.Scaling = .fit) {
        self.pipeline = pipeline
        picture = Picture(iconSize: iconSize, scaling: scaling)
        picture.showIcon(Self.placeholderIcon)
        picture.onMap { [weak self] in self?.loadIfNeeded() }
        picture.onUnmap { [weak self] in self?.cancelLoad() }
        picture.onScaleFactorChanged { [weak self] in self?.scaleChanged() }
    }

    public var content: Picture.Content { picture.content }
    /// Shows the broken-image icon without loading anything (a link that cannot be used).
    public func showBroken() {
        bind(nil)
        picture.showIcon(Self.brokenIcon)
    }

    /// The size asked of the pipeline for the bound request, in device pixels, if any.
    public var boundSize: Int? { request?.maximumPixelSize }

    /// Shows `request`'s image (nil: placeholder); another size of the same picture keeps what shows meanwhile.
    public func bind(_ request: ImageRequest?, placeholder: String = ImageView.placeholderIcon) {
        let resized = hasImage && request.map { $0.url == bound?.url && $0.content == bound?.content } == true
        cancelLoad()
        generation += 1
        bound = request
        self.request = request.map(atDeviceSize)
        self.placeholder = placeholder
        shown = false
        passes.reset()
        keepsOldImage = resized
        guard let request = self.request else { return picture.showIcon(placeholder) }
        if let hit = pipeline.cachedImage(for: request) {
            show(hit, replacingTheSamePicture: resized)
            shown = true
            onImage?(hit)
            return
        }
        if !resized { picture.showIcon(placeholder) }
        loadIfNeeded()
    }

    /// Something other than the placeholder shows, as sharp as it will be.
    public var isLoaded: Bool { shown && picture.paintsAtItsSize }
    /// True while the bound request's image shows (painted, not waiting for its surface).
    public var showsImage: Bool { hasImage && !picture.awaitsSurface }
    /// The bound request's image is given to the picture (its surface may still be in the making).
    private var hasImage: Bool {
        if shown, case .image = picture.content { true } else { false }
    }

    /// Loads only while on screen: an unmapped picture waits until it is mapped again.
    private func loadIfNeeded() {
        guard let request, !shown, loading == nil, picture.isMapped else { return }
        let generation = self.generation
        let pipeline = self.pipeline
        watchDownload(of: request)
        loading = Task(priority: .loading) { [weak self] in
            let result: Result<DecodedImage, ImageError>
            do throws(ImageError) {
                result = .success(try await pipeline.image(for: request))
            } catch {
                result = .failure(error)
            }
            guard let self, self.generation == generation else { return }
            self.loading = nil
            self.stopWatchingDownload()
            switch result {
            case .success(let image):
                // Its surface is made off the main loop; what shows stays until then.
                self.show(image, replacingTheSamePicture: self.keepsOldImage || self.passesShown > 0, atOnce: false)
                self.shown = true
                self.onImage?(image)
            case .failure(.cancelled):
                break
            case .failure where self.keepsOldImage:
                self.shown = true
            case .failure:
                self.picture.showIcon(Self.brokenIcon)
                self.shown = true
                self.onFailure?()
            }
        }
    }

    /// The decoded image the picture shows (nil while it shows an icon).
    public var shownImage: DecodedImage? {
        if case .image = picture.content { shownDecoded } else { nil }
    }
    private var shownDecoded: DecodedImage?

    private func show(_ image: DecodedImage, replacingTheSamePicture: Bool, atOnce: Bool = true) {
        shownDecoded = image
        picture.show(image, replacingTheSamePicture: replacingTheSamePicture, atOnce: atOnce)
    }

    /// `request` at the picture's device pixels (and at `priority`, when set).
    private func atDeviceSize(_ request: ImageRequest) -> ImageRequest {
        var scaled = request
        scaled.maximumPixelSize = request.maximumPixelSize * picture.scaleFactor
        if let priority { scaled.priority = priority }
        return scaled
    }

    /// On a screen of another scale the picture is asked again at the new device size (see `bind`).
    private func scaleChanged() {
        guard let bound, atDeviceSize(bound) != request else { return }
        bind(bound, placeholder: placeholder)
    }

    /// While a picture is asked for again at a new size: a failure keeps the image shown.
    private var keepsOldImage = false

    private func cancelLoad() {
        loading?.cancel()
        loading = nil
        stopWatchingDownload()
    }

    /// While the placeholder shows, a bar follows the download and progressive passes show as they come.
    private func watchDownload(of request: ImageRequest) {
        let downloads = pipeline.downloads
        DownloadProgressTicker.shared.start(for: self) { [weak self] in
            guard let self else { return false }
            let reading = downloads.reading(for: request)
            self.picture.progress = reading?.fraction
            // Each pass replaces the last, stretched until its surface is made; never over another size.
            self.passes.follow(reading, of: request, in: self.pipeline, priority: .loading,
                               waiting: { [weak self] in self.map { !$0.shown && !$0.keepsOldImage } ?? false },
                               show: { [weak self] image in
                                   guard let self else { return }
                                   self.show(image, replacingTheSamePicture: self.passesShown > 0, atOnce: false)
                               })
            return true
        }
    }

    private func stopWatchingDownload() {
        DownloadProgressTicker.shared.stop(for: self)
        picture.progress = nil
        passes.stop()
    }

    /// The bound picture's passes while it downloads (a progressive JPEG over a slow link).
    private let passes = DownloadPasses()
    /// How many passes of the bound picture show (0: none).
    var passesShown: Int { passes.shown }
}
