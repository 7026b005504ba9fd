import Foundation
import Domain
import Features
import Gtk
import Localization

/// The gallery: one page (its dialogs are its own).
@MainActor
final class GalleryCoordinator: SectionCoordinator {
    init(services: SectionServices) {
        let backend = services.backend
        // The first-run document links to the backend's usual address, so links keep working on every launch.
        let model = services.makeGalleryModel(firstRunBase: backend.expectedImagesBase)
        let main = services.mainWindow
        let page = GalleryPage(model: model, pipeline: services.images) { main()?.window }
        super.init(section: .gallery, root: page)
        page.onChosenChange = { main()?.updateChrome() }
        let images = services.images
        page.onView = { [weak self, weak page] items, index in
            // Items whose link is no picture's address have nothing to show; the rest do.
            let viewable = items.enumerated().compactMap { offset, item in
                item.imageURL.flatMap { url in
                    WebURL.isWeb(url) ? (offset, ViewerItem(id: String(offset), url: url, kind: .picture, name: Self.name(offset, url))) : nil
                }
            }
            guard let start = viewable.firstIndex(where: { $0.0 == index }) else { return }
            self?.push(ViewerPage(items: viewable.map(\.1), index: start, pipeline: images, section: .gallery,
                                  goBack: { [weak self] in self?.pop() },
                                  window: { main()?.window },
                                  onMove: { main()?.updateChrome() },
                                  onLeave: { [weak page] item in if let index = Int(item.id) { page?.focus(index: index) } }))
        }
    }

    /// The viewer's title for an item: its number and its link's file name, not its uuid.
    private static func name(_ offset: Int, _ url: URL) -> String {
        let number = String(offset + 1)
        guard let file = WebURL.fileName(of: url) else { return tr("Item {number}", ["number": number]) }
        return tr("Item {number}, {file}", ["number": number, "file": file])
    }
}
