import Domain
import Foundation
import Gtk
import HelperWire
import ImagePipeline
import Localization

/// Over a slow link: a progress bar, passes meanwhile, zoom waiting; failures in words.
extension ImageViewer {
    /// The bar and the words under it, hidden until a download has gone on for a moment.
    static func makeDownloadBubble() -> (bubble: Revealer, bar: ProgressBar, label: Label) {
        let bar = ProgressBar()
        bar.setSizeRequest(width: 220, height: -1)
        let label = Label()
        label.addStyleClass("dim-label")
        label.wraps = true
        label.setMaxWidthChars(48)
        label.setJustification(.center)
        let box = Box(.vertical, spacing: 8)
        box.append(bar)
        box.append(label)
        box.addStyleClass("viewer-download")
        let bubble = Revealer(child: box, transition: .crossfade, duration: 150)
        bubble.halign = .center
        bubble.valign = .center
        // Below the placeholder icon (96 pixels, centred): the margin moves the centre down.
        bubble.setMargins(top: 200, bottom: 0, start: 0, end: 0)
        return (bubble, bar, label)
    }

    /// Follows the download of `request` until `stopWatchingDownload`.
    func watchDownload(of request: ImageRequest) {
        let downloads = pipeline.downloads
        DownloadProgressTicker.shared.start(for: self) { [weak self] in
            guard let self else { return false }
            let reading = downloads.reading(for: request)
            self.showDownload(reading)
            // Fitted until the first bitmap; zoom and pan wait for it.
            self.passes.follow(reading, of: request, in: self.pipeline, priority: .userInitiated,
                               waiting: { [weak self] in self.map { $0.viewport == nil && $0.failure == nil && $0.hasSize } ?? false },
                               show: { [weak self] image in self?.showFitted(image) })
            return true
        }
    }

    func stopWatchingDownload() {
        DownloadProgressTicker.shared.stop(for: self)
        showDownload(nil)
        passes.stop()
    }

    /// `image`, the picture's passes, fitted to the view without a viewport.
    private func showFitted(_ image: DecodedImage) {
        let allocation = picture.allocation
        let fitted = ImageViewport(imageWidth: image.originalWidth, imageHeight: image.originalHeight,
                                   viewWidth: Double(allocation.width), viewHeight: Double(allocation.height),
                                   scale: picture.scaleFactor)
        picture.placement = ZoomablePicture.Placement(originX: fitted.origin.x, originY: fitted.origin.y, zoom: fitted.zoom)
        picture.show(image, pictureWidth: image.originalWidth, pictureHeight: image.originalHeight)
    }

    /// "Downloading: 1.2 MB of 3.4 MB", the bar at that fraction; the bar pulses while the whole is not known.
    private func showDownload(_ reading: DownloadProgress.Reading?) {
        guard let reading else {
            downloadBubble.revealsChild = false
            return
        }
        downloadBar.isVisible = true
        if let expected = reading.expected, let fraction = reading.fraction {
            downloadBar.fraction = fraction
            downloadLabel.text = tr("Downloading: {received} of {whole}",
                                    ["received": sizeText(bytes: reading.received), "whole": sizeText(bytes: expected)])
        } else {
            // Nothing yet (the request's round trip) or a body of unsaid length.
            downloadBar.pulse()
            downloadLabel.text = reading.received == 0 ? tr("Waiting for the server")
                : tr("Downloading: {received}", ["received": sizeText(bytes: reading.received)])
        }
        downloadBar.accessibleName = downloadLabel.text
        downloadBubble.revealsChild = true
    }

    /// Why the picture could not be shown, under the broken icon (hidden with the next picture).
    func showFailure(_ reason: String) {
        downloadBar.isVisible = false
        downloadLabel.text = reason
        downloadBubble.revealsChild = true
    }

    /// What the download bubble says now, nil while it is hidden (for tests: what a person reads).
    public var downloadShown: (text: String, fraction: Double)? {
        downloadBubble.revealsChild && downloadBar.isVisible ? (downloadLabel.text, downloadBar.fraction) : nil
    }

    /// The failure said under the broken icon, nil while none is (for tests).
    public var failureShown: String? {
        downloadBubble.revealsChild && !downloadBar.isVisible ? downloadLabel.text : nil
    }
}
