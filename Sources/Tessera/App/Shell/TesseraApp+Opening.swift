import Foundation
import Gtk

/// `tessera --view PICTURE`, here or from a second launch: the viewer over the section shown.
extension TesseraApp {
    func open(_ addresses: [URL]) {
        activate()
        guard let address = addresses.first, let main = mainWindow else { return }
        Task { @MainActor [weak self] in
            let (items, index) = await Task.detached { FolderPictures.items(opening: address) }.value
            guard let self else { return }
            services.makers.permitFiles(items.map(\.url).filter(\.isFileURL))
            main.showInitialSection()
            let coordinator = main.currentCoordinator
            let viewer = ViewerPage(items: items, index: index, pipeline: services.images,
                                    goBack: { [weak coordinator] in _ = coordinator?.pop() },
                                    window: { [weak main] in main?.window }, viewerChoices: services.viewerChoices,
                                    onMove: { [weak main] in main?.updateChrome() })
            coordinator.push(viewer)
            main.focusShownPage()
        }
    }
}
