import Foundation
import Domain
import Features
import Gtk
import Localization

/// The gallery: one page (its dialogs are its own), and the viewer pushed over it.
@MainActor
final class GalleryCoordinator: SectionCoordinator {
    private let services: SectionServices

    init(services: SectionServices) {
        self.services = services
        let backend = services.backend
        // The first-run document links to the backend's usual address, so links keep working on every launch.
        let model = services.makeGalleryModel(firstRunBase: backend.expectedImagesBase)
        let main = services.mainWindow
        let page = GalleryPage(model: model, pipeline: services.images) { main()?.window }
        super.init(section: .gallery, root: page)
        page.onChosenChange = { main()?.updateChrome() }
        page.onView = { [weak self] items, index in self?.open(items, at: index) }
        // The viewer open at the last launch, on its item wherever it is now.
        page.onItemsShown = { [weak self] items in
            self?.reopenViewer(in: items, id: \.uuid) { self?.open(items, at: $0) }
        }
    }

    /// Pushes the viewer on `items[index]` among the items that link to a picture; leaving focuses the one it ended on.
    @discardableResult
    func open(_ items: [GalleryItem], at index: Int) -> ViewerPage? {
        guard let page = pages.first as? GalleryPage else { return nil }
        let main = services.mainWindow
        let viewable = items.enumerated().compactMap { offset, item in
            item.imageURL.flatMap { url in
                WebURL.isWeb(url) ? (offset, ViewerItem(id: item.uuid, url: url, kind: .picture, name: Self.name(offset, url))) : nil
            }
        }
        guard let start = viewable.firstIndex(where: { $0.0 == index }) else { return nil }
        let viewer = ViewerPage(items: viewable.map(\.1), index: start, pipeline: services.images, section: .gallery,
                                goBack: { [weak self] in self?.pop() },
                                window: { main()?.window }, viewerChoices: services.viewerChoices,
                                onMove: { main()?.updateChrome() },
                                onLeave: { [weak page] item in
                                    if let index = page?.model.state.items.firstIndex(where: { $0.uuid == item.id }) { page?.focus(index: index) }
                                })
        return pushViewer(viewer)
    }

    /// The viewer's title for an item: its number and its link's file name, not its uuid.
    private static func name(_ offset: Int, _ url: URL) -> String {
        let number = String(offset + 1)
        guard let file = WebURL.fileName(of: url) else { return tr("Item {number}", ["number": number]) }
        return tr("Item {number}, {file}", ["number": number, "file": file])
    }
}
