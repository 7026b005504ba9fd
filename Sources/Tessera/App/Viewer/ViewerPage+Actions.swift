import Domain
import Foundation
import Gtk
import HelperWire
import ImagePipeline
import Localization

/// The viewer's menu and keys: Copy, Save As (exact bytes), Copy Link, Open in Browser, Open With, Set as
/// Background, Print, Rotate, Slideshow and its pace, Properties; failures in the notice bar.
extension ViewerPage {
    func connectActions() {
        let handlers: [(String, @MainActor (ViewerPage) -> Void)] = [
            ("copy", { $0.copy() }), ("save-as", { $0.saveAs() }), ("copy-link", { $0.copyLink() }),
            ("open-in-browser", { $0.openInBrowser() }), ("open-with", { $0.handOff.openWith() }),
            ("set-background", { $0.handOff.setAsBackground() }), ("print", { $0.printPicture() }), ("slideshow", { $0.startSlideshow() }),
            ("rotate-clockwise", { $0.turnPicture(by: 1) }), ("rotate-counterclockwise", { $0.turnPicture(by: -1) }),
            ("flip-horizontally", { $0.flipPicture(horizontally: true) }), ("flip-vertically", { $0.flipPicture(horizontally: false) }),
            ("properties", { $0.toggleProperties() }),
        ]
        for (name, handler) in handlers {
            let action = Action(name: name)
            action.onActivate { [weak self] _ in
                guard let self else { return }
                handler(self)
            }
            actions.add(action)
        }
        let pace = Action(name: "slideshow-seconds", state: String(viewerChoices.slideshowSeconds))
        pace.onChangeState { [weak self] value in
            guard let self, let seconds = Int(value) else { return }
            viewerChoices.rememberSlideshow(seconds: seconds)
            slideshowMoved()
        }
        actions.add(pace)
        widget.insertActionGroup(actions, prefix: "viewer")
        notice.widget.valign = .start
    }

    /// Ctrl+C: the picture at full size (decoded again exactly when smaller), turned as shown; a clip's address.
    func copy() {
        let item = self.item
        guard item.kind == .picture else { return copyLink() }
        let side = image.viewport.map { Int(max($0.imageWidth, $0.imageHeight)) } ?? DecodingLimits.maximumSide
        let pipeline = self.pipeline, account = self.account, orientation = image.orientation
        Task { [weak self] in
            do throws(ImageError) {
                var request = ImageRequest(url: item.url, maximumPixelSize: side)
                request.exactSize = true
                request.account = account
                let whole = try await pipeline.image(for: request)
                Clipboard.setImage(await whole.oriented(orientation))
            } catch {
                self?.notice.show(tr("The picture could not be copied: {reason}", ["reason": error.description]))
            }
        }
    }

    func copyLink() {
        Clipboard.setText(item.url.absoluteString)
    }

    func openInBrowser() {
        if let failure = widget.showURI(item.url.absoluteString) {
            notice.show(tr("The browser could not be opened: {reason}", ["reason": failure]))
        }
    }

    /// Ctrl+S: the server's bytes under the address's name with the real format's extension; a picture shown
    /// turned or flipped, as shown (`PictureEncoding`).
    func saveAs() {
        let item = self.item
        let pipeline = self.pipeline
        var request = ImageRequest(url: item.url, maximumPixelSize: ViewerSize.pixelSize,
                                   content: item.kind == .clip ? .videoFrame : .image)
        request.account = account
        let orientation = item.kind == .picture ? image.orientation : .upright
        let side = image.viewport.map { Int(max($0.imageWidth, $0.imageHeight)) } ?? DecodingLimits.maximumSide
        Task { [weak self] in
            var bytes: Data
            do throws(ImageError) {
                bytes = try await pipeline.data(for: request)
                if !orientation.isUpright {
                    var whole = request
                    whole.maximumPixelSize = side
                    whole.exactSize = true
                    let shown = try await pipeline.image(for: whole).oriented(orientation)
                    let original = PictureFormat(sniffing: bytes)
                    guard let encoded = await Task.detached(priority: .userInitiated, operation: {
                        PictureEncoding.encoded(shown, like: original)
                    }).value else { throw ImageError.unreadable(tr("the picture could not be encoded")) }
                    bytes = encoded.bytes
                }
            } catch {
                self?.notice.show(tr("The picture could not be saved: {reason}", ["reason": error.description]))
                return
            }
            guard let self, self.item == item else { return }
            let format = PictureFormat(sniffing: bytes)
            let name = format?.fileName(for: item.url) ?? item.url.lastPathComponent
            let chooser = FileChooser(.save(suggestedName: name.isEmpty ? "picture" : name),
                                      title: item.kind == .clip ? tr("Save Video") : tr("Save Picture"), parent: self.window(),
                                      acceptLabel: tr("_Save"), cancelLabel: tr("_Cancel"))
            if let folder = Self.saveFolder { chooser.setFolder(folder) }
            self.openDialog = chooser
            chooser.show { [weak self] destination in
                self?.openDialog = nil
                guard let destination else { return }
                self?.write(bytes, to: destination)
            }
        }
    }

    /// The pictures folder, or `TESSERA_SAVE_FOLDER` in tests.
    static var saveFolder: URL? {
        if let folder = ProcessInfo.processInfo.environment["TESSERA_SAVE_FOLDER"] { return URL(fileURLWithPath: folder) }
        return Widget.picturesFolder
    }

    /// Writes off the main loop; a failure is said in words.
    private func write(_ bytes: Data, to destination: URL) {
        Task { [weak self] in
            let failure: String? = await Task.detached(priority: .userInitiated) {
                do {
                    try bytes.write(to: destination, options: .atomic)
                    return nil
                } catch {
                    return (error as NSError).localizedDescription
                }
            }.value
            if let failure {
                self?.notice.show(tr("{file} could not be written: {reason}", ["file": destination.lastPathComponent, "reason": failure]))
            }
        }
    }
}
