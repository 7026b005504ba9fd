import Domain
import Features
import Gtk
import Repositories

/// The gallery: one page (its dialogs are its own).
@MainActor
final class GalleryCoordinator: SectionCoordinator {
    init(services: SectionServices) {
        let backend = services.options.backend
        // The first-run document links to the backend's usual address, so links keep working
        // on every launch.
        let base = backend?.expectedBase ?? Backend.builtIn.base
        let repository = FileGalleryRepository(url: services.galleryDocument, firstRunItems: GalleryFirstRun.items(base: base))
        let main = services.mainWindow
        let page = GalleryPage(model: GalleryViewModel(repository: repository), pipeline: services.images,
                               backendReady: { _ = await backend?.resolve() }) { main()?.window }
        super.init(section: .gallery, root: page)
    }
}
