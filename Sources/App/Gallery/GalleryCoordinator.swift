import Domain
import Features
import Gtk

/// The gallery: one page (its dialogs are its own).
@MainActor
final class GalleryCoordinator: SectionCoordinator {
    init(services: SectionServices) {
        let backend = services.backend
        // The first-run document links to the backend's usual address, so links keep working
        // on every launch.
        let model = services.makers.gallery(backend.expectedImagesBase)
        let main = services.mainWindow
        let page = GalleryPage(model: model, pipeline: services.images,
                               backendReady: { _ = await backend.resolve() }) { main()?.window }
        super.init(section: .gallery, root: page)
    }
}
