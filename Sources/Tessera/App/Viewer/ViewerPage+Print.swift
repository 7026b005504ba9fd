import Foundation
import Gtk
import HelperWire
import ImagePipeline
import Localization

/// Ctrl+P: GTK's print dialog for the picture shown, turned as shown, started from the last print's choices.
extension ViewerPage {
    /// The longest side printed: 300 dots an inch along A4's and Letter's longer side, with a little to spare.
    static let printedSide = 3600

    func printPicture() {
        let item = self.item
        guard item.kind == .picture, openDialog == nil else { return }
        let side = min(image.viewport.map { Int(max($0.imageWidth, $0.imageHeight)) } ?? Self.printedSide, Self.printedSide)
        var request = ImageRequest(url: item.url, maximumPixelSize: side)
        request.exactSize = true
        request.account = account
        let pipeline = self.pipeline, orientation = image.orientation
        Task { [weak self] in
            let picture: DecodedImage
            do throws(ImageError) {
                picture = try await pipeline.image(for: request).oriented(orientation)
            } catch {
                self?.notice.show(tr("The picture could not be printed: {reason}", ["reason": error.description]))
                return
            }
            guard let self, self.item == item, self.openDialog == nil else { return }
            let print = PicturePrint(picture, title: item.name, settings: self.viewerChoices.printSettings)
            self.openDialog = print
            print.run(parent: self.window()) { [weak self] outcome in
                self?.openDialog = nil
                switch outcome {
                case .printed(let settings): self?.viewerChoices.rememberPrint(settings)
                case .cancelled: break
                case .failed(let reason): self?.notice.show(tr("The picture could not be printed: {reason}", ["reason": reason]))
                }
            }
        }
    }
}
