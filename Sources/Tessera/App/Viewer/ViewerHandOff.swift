import Domain
import Foundation
import Gtk
import ImagePipeline
import Localization

/// Hands the picture shown out of the viewer, as its exact bytes from the cache (not downloaded again): to a
/// program the person chooses (Open With…), or to the desktop as its background. Failures go to the notice bar.
@MainActor
final class ViewerHandOff {
    private let pipeline: ImagePipeline
    private let account: DownloadAccount
    private let notice: NoticeBar
    private let window: @MainActor () -> Window?
    /// The item the viewer shows now (nil once it closed): a hand-off for one left meanwhile goes no further.
    private let shown: @MainActor () -> ViewerItem?
    private let keepBackground: BackgroundKeeping?
    /// The application chooser, while it shows.
    private(set) var chooser: AppChooserDialog?

    init(pipeline: ImagePipeline, account: DownloadAccount, notice: NoticeBar, window: @escaping @MainActor () -> Window?,
         keepBackground: BackgroundKeeping?, shown: @escaping @MainActor () -> ViewerItem?) {
        self.pipeline = pipeline
        self.account = account
        self.notice = notice
        self.window = window
        self.keepBackground = keepBackground
        self.shown = shown
    }

    /// The desktop's application chooser for the picture's type; the chosen program gets a copy in a file of its
    /// own under the temporary folder, which outlives the viewer.
    func openWith() {
        guard let item = shown(), chooser == nil else { return }
        Task { [weak self] in
            guard let bytes = await self?.bytes(of: item, failure: { tr("The picture could not be opened: {reason}", ["reason": $0]) }),
                  let self, shown() == item, chooser == nil else { return }
            let name = PictureFormat(sniffing: bytes)?.fileName(for: item.url) ?? item.url.lastPathComponent
            let chooser = AppChooserDialog(forFileNamed: name, sample: bytes.prefix(4096),
                                           heading: tr("Open “{name}” with", ["name": item.name]), parent: window())
            self.chooser = chooser
            chooser.onResponse { [weak self, weak chooser] response in
                let chosen = response == Dialog.accept ? chooser?.chosen : nil
                chooser?.destroy()
                self?.chooser = nil
                if let chosen { self?.open(bytes, named: name, with: chosen) }
            }
            chooser.present()
        }
    }

    /// A copy kept in the data folder (the one before it deleted), made GNOME's background.
    func setAsBackground() {
        guard let item = shown(), item.kind == .picture else { return }
        guard let keep = keepBackground else {
            return notice.show(tr("The background could not be set: {reason}", ["reason": tr("Tessera has no data folder.")]))
        }
        Task { [weak self] in
            guard let bytes = await self?.bytes(of: item, failure: { tr("The background could not be set: {reason}", ["reason": $0]) }) else { return }
            let failure: String? = switch await keep(bytes) {
            case .success(let file): DesktopBackground.set(to: file)
            case .failure(let why): why.description
            }
            if let failure { self?.notice.show(tr("The background could not be set: {reason}", ["reason": failure])) }
        }
    }

    /// The item's bytes as the viewer had them; nil, with `failure` of the reason said, when they could not be had.
    private func bytes(of item: ViewerItem, failure: (String) -> String) async -> Data? {
        var request = ImageRequest(url: item.url, maximumPixelSize: ViewerSize.pixelSize, content: item.kind == .clip ? .videoFrame : .image)
        request.account = account
        do throws(ImageError) {
            return try await pipeline.data(for: request)
        } catch {
            notice.show(failure(error.description))
            return nil
        }
    }

    /// Writes the copy off the main loop, then starts `program` with it.
    private func open(_ bytes: Data, named name: String, with program: AppChooserDialog.ChosenApplication) {
        Task { [weak self] in
            let copy = await Task.detached(priority: .userInitiated) {
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
                guard let failure = program.launch(with: file, on: notice.widget) else { return }
                notice.show(tr("{program} could not be started: {reason}", ["program": program.name, "reason": failure]))
            case .failure(let error):
                notice.show(tr("The picture could not be opened: {reason}", ["reason": (error as NSError).localizedDescription]))
            }
        }
    }
}
