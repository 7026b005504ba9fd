import Domain
import Foundation
import Gtk
import HelperWire
import ImagePipeline
import Localization

/// What the pane read of one item: its file's format and length, and its metadata, read once per item.
struct PropertiesRead {
    var item: ViewerItem
    var file: (format: String?, byteCount: Int)?
    var details = PictureDetails()
    /// Nil while reading; then why something could not be read, or "" when all was.
    var outcome: String?
}

/// What the pane's rows are made from: rebuilt only when one of these changes, not at every pan or zoom.
struct PropertiesSource: Equatable {
    var item: ViewerItem
    var size: [Int]?
    var colourProfile: String??
    var outcome: String?
}

/// The Properties pane (Alt+Return, the menu): beside the picture, over it in a narrow window; it follows the
/// item shown and its decode. The file and its metadata are read off the main loop, the metadata in the helper.
extension ViewerPage {
    public func toggleProperties() {
        flap.reveal(!flap.revealsFlap, animated: true)
        propertiesFollow()
    }

    /// Hidden, or in place with everything read.
    var propertiesSettled: Bool {
        flap.revealProgress == 0 || flap.revealProgress == 1 && propertiesAreRead
    }

    /// The item's file and metadata are read (or could not be), for the pane.
    public var propertiesAreRead: Bool { propertiesRead?.item == item && propertiesRead?.outcome != nil }

    /// Over the picture below this width, beside it from there on.
    static let propertiesBesideFrom = 720

    func foldPropertiesWhenNarrow() {
        if (flap.allocation.width < Self.propertiesBesideFrom) != flap.isFolded { flap.isFolded.toggle() }
    }

    /// Shows what is known of the item now, and starts reading it when it is new; nothing while the pane is hidden.
    func propertiesFollow() {
        guard flap.revealsFlap else { return }
        let item = self.item
        if propertiesRead?.item != item { readProperties(of: item) }
        let read = propertiesRead
        let picture = item.kind == .picture ? image.viewport : nil
        let source = PropertiesSource(item: item, size: picture.map { [Int($0.imageWidth), Int($0.imageHeight)] },
                                      colourProfile: picture.map { _ in image.colourProfile }, outcome: read?.outcome)
        guard source != propertiesPane.source else { return }
        propertiesPane.source = source
        let properties = PictureProperties(size: picture.map { (Int($0.imageWidth), Int($0.imageHeight)) }, file: read?.file,
                                           colourProfile: picture.map { _ in image.colourProfile },
                                           details: read?.details ?? PictureDetails(), address: item.url)
        let note = read?.outcome.map { $0.isEmpty ? nil : $0 } ?? tr("Reading…")
        propertiesPane.show(properties, note: note)
    }

    private func readProperties(of item: ViewerItem) {
        propertiesRead = PropertiesRead(item: item)
        var request = ImageRequest(url: item.url, maximumPixelSize: ViewerSize.pixelSize, content: item.kind == .clip ? .videoFrame : .image)
        request.account = account
        let pipeline = self.pipeline
        Task { [weak self] in
            var read = PropertiesRead(item: item, outcome: "")
            do throws(ImageError) {
                let bytes = try await pipeline.data(for: request)
                read.file = (PictureFormat(sniffing: bytes)?.name, bytes.count)
                if item.kind == .picture { read.details = try await pipeline.details(of: bytes, for: request) }
            } catch {
                read.outcome = tr("Not everything could be read: {reason}", ["reason": error.description])
            }
            guard let self, self.propertiesRead?.item == item else { return }
            self.propertiesRead = read
            self.propertiesFollow()
        }
    }
}
