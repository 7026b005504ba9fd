import Domain
import Foundation
import Gtk
import ImagePipeline
import Localization

/// Open With…: the desktop's application chooser for the picture's type; the chosen program gets a copy of its
/// exact bytes (from the cache, not fetched again) in a file of its own, which outlives the viewer.
extension ViewerPage {
    func openWith() {
        let item = self.item
        guard openDialog == nil else { return }
        var request = ImageRequest(url: item.url, maximumPixelSize: ViewerSize.pixelSize, content: item.kind == .clip ? .videoFrame : .image)
        request.account = account
        let pipeline = self.pipeline
        Task { [weak self] in
            let bytes: Data
            do throws(ImageError) {
                bytes = try await pipeline.data(for: request)
            } catch {
                self?.notice.show(tr("The picture could not be opened: {reason}", ["reason": error.description]))
                return
            }
            guard let self, self.item == item, self.openDialog == nil else { return }
            let name = PictureFormat(sniffing: bytes)?.fileName(for: item.url) ?? item.url.lastPathComponent
            let chooser = AppChooserDialog(forFileNamed: name, sample: bytes.prefix(4096),
                                           heading: tr("Open “{name}” with", ["name": item.name]), parent: self.window())
            self.openDialog = chooser
            chooser.onResponse { [weak self, weak chooser] response in
                let chosen = response == Dialog.accept ? chooser?.chosen : nil
                chooser?.destroy()
                self?.openDialog = nil
                if let chosen { self?.open(bytes, named: name, with: chosen) }
            }
            chooser.present()
        }
    }

    /// Writes the copy off the main loop, then starts `program` with it; a failure is said in words.
    private func open(_ bytes: Data, named name: String, with program: AppChooserDialog.ChosenApplication) {
        Task { [weak self] in
            let copy: Result<URL, any Error> = await Task.detached(priority: .userInitiated) {
                Result {
                    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-opened/\(UUID().uuidString)")
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    let file = folder.appendingPathComponent(name.isEmpty ? "picture" : name)
                    try bytes.write(to: file, options: .atomic)
                    return file
                }
            }.value
            guard let self else { return }
            switch copy {
            case .success(let file):
                if let failure = program.launch(with: file, on: widget) {
                    notice.show(tr("{program} could not be started: {reason}", ["program": program.name, "reason": failure]))
                }
            case .failure(let error):
                notice.show(tr("The picture could not be opened: {reason}", ["reason": (error as NSError).localizedDescription]))
            }
        }
    }
}
