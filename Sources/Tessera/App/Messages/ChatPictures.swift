import Domain
import Features
import Foundation
import Gtk
import Localization

/// Pictures into the chat from the attach button's chooser, a drop onto the messages or Ctrl+V in the composer;
/// a picture clicked in a bubble is opened (`onOpen`). Each goes with the text typed as its caption.
@MainActor
final class ChatPictures {
    private let composer: MessageComposer
    private let model: MessagesViewModel
    private let window: @MainActor () -> Window?
    private var chooser: FileChooser?
    var onOpen: (@MainActor (ChatMessage) -> Void)?

    init(composer: MessageComposer, model: MessagesViewModel, dropArea: Widget, window: @escaping @MainActor () -> Window?) {
        self.composer = composer
        self.model = model
        self.window = window
        composer.onAttach = { [weak self] in self?.choose() }
        // Marked while another program's drag is over it, where a person lets go.
        DragAndDrop.makeDropArea(dropArea, motion: { _, _ in false }, leave: { [weak dropArea] in dropArea?.removeStyleClass("drop-target") },
                                 drop: { _, _ in false }, externalMotion: { [weak dropArea] _, _ in
            if dropArea?.hasStyleClass("drop-target") == false { dropArea?.addStyleClass("drop-target") }
        }, external: { [weak self, weak dropArea] dropped in
            dropArea?.removeStyleClass("drop-target")
            return self?.send(files: dropped.uris, picture: dropped.picture) ?? false
        })
        composer.entry.onKeyPress { [weak self] key in
            guard let self, Shortcuts.isPaste(key) else { return false }
            Clipboard.requestContents { [weak self] contents in
                guard let self, !self.send(files: contents.uris, picture: contents.picture, refusingText: false) else { return }
                self.composer.entry.pasteClipboard()
            }
            return true
        }
    }

    /// The desktop's chooser, for one picture.
    private func choose() {
        let chooser = FileChooser(.open(filter: tr("Pictures"), mimeTypes: Clipboard.pictureTargets + ["image/avif", "image/bmp"]),
                                  title: tr("Send a Picture"), parent: window(), acceptLabel: tr("_Send"), cancelLabel: tr("_Cancel"))
        self.chooser = chooser
        chooser.show { [weak self] file in
            self?.chooser = nil
            guard let file else { return }
            self?.composer.send(picture: .file(path: file.path))
        }
    }

    /// Sends a picture's bytes or each file (the caption with the first); false when there was neither, which a
    /// drop's text or web address is told in words.
    private func send(files addresses: [String], picture: [UInt8]?, refusingText: Bool = true) -> Bool {
        if let picture {
            composer.send(picture: .bytes(Data(picture)))
            return true
        }
        let files = addresses.compactMap(URL.init(string:)).filter(\.isFileURL)
        guard !files.isEmpty else {
            if refusingText { model.say(tr("Only pictures and picture files can be dropped on the chat.")) }
            return false
        }
        for (index, file) in files.enumerated() { composer.send(picture: .file(path: file.path), captioned: index == 0) }
        return true
    }
}
