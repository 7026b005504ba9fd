import Dispatch
import Domain
import Foundation
import Gtk
import HelperWire
import ImagePipeline
import Localization

/// Asks for the picture (or part) at the size the zoom shows, and shows it.
extension ImageViewer {
    func scheduleSharpening() {
        sharpen?.cancel()
        let work = DispatchWorkItem { [weak self] in self?.sharpenIfNeeded() }
        sharpen = work
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.sharpenDelay, execute: work)
    }

    /// Larger when enlarged, smaller when shrunk past a quarter (bilinear shows grain).
    func sharpenIfNeeded() {
        guard let viewport, !animates, failure == nil, let shown = askedSide ?? decodedSide else { return }
        // A large picture zoomed in: the part in view, decoded alone, over the bitmap there is (not turned).
        if orientation.isUpright, let part = DetailRegion(viewport: viewport) {
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

    /// Decodes `url` as `show` first asks for it, so that it shows at once when its turn comes.
    func decodeAhead(_ url: URL) -> Task<Void, Never> {
        var request = ImageRequest(url: url, maximumPixelSize: viewSide)
        request.account = account
        request.animates = true
        request.exactSize = true
        let pipeline = self.pipeline
        return Task(priority: .utility) { _ = try? await pipeline.image(for: request) }
    }

    /// How much smaller than its bitmap a picture may be shown before it is decoded again at the size shown.
    static let largestShrink = 0.75

    func load(side: Int) {
        guard let url else { return }
        loading?.cancel()
        askedSide = side
        var request = ImageRequest(url: url, maximumPixelSize: side)
        request.account = account
        request.animates = animates
        request.exactSize = true
        let pipeline = self.pipeline, orientation = self.orientation
        // The first bitmap: the placeholder shows until it comes, and how far its download has.
        if viewport == nil, orientation.isUpright { watchDownload(of: request) }
        loading = Task(priority: .userInitiated) { [weak self] in
            let result: Result<DecodedImage, ImageError>
            do throws(ImageError) {
                let image = try await pipeline.image(for: request)
                result = .success(await image.oriented(orientation))
            } catch {
                result = .failure(error)
            }
            guard let self, !Task.isCancelled, self.url == url, self.orientation == orientation else { return }
            self.loading = nil
            self.askedSide = nil
            self.stopWatchingDownload()
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
                self.showFailure(error.description)
                self.onChange?()
            }
        }
    }

    func loadDetail(_ part: DetailRegion) {
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

    func shown(_ image: DecodedImage) {
        guard viewport != nil || hasSize else {
            firstImage = image
            return
        }
        // A still is decoded again as the zoom needs; an animation keeps its frames.
        if image.frames.isEmpty { animates = false }
        decodedSide = max(image.width, image.height)
        colourProfile = image.colourProfile
        if detailShown != nil, let viewport, !orientation.isUpright || DetailRegion(viewport: viewport) == nil {
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
            if let pendingPlace {
                self.pendingPlace = nil
                change { $0.restore(zoom: pendingPlace.zoom, centerX: pendingPlace.centerX, centerY: pendingPlace.centerY) }
            }
            // A view that changed size while the first decode was made may need another.
            scheduleSharpening()
        }
        onChange?()
    }

    func cancelLoading() {
        loading?.cancel()
        loading = nil
        stopWatchingDownload()
        detailLoading?.cancel()
        detailLoading = nil
        detailAsked = nil
        detailShown = nil
        picture.clearDetail()
        sharpen?.cancel()
        sharpen = nil
    }
}
