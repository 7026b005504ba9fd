import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Networking
import Persistence
import Repositories

/// What the sections share, each made once, on first use: the image pipeline, the client for API
/// calls, the backend, the database and its stores, and the People view-model (which lives as
/// long as the app). Section coordinators take what they need from here.
@MainActor
final class SectionServices {
    let options: LaunchOptions
    /// The main window, once it exists (dialogs are transient for it).
    let mainWindow: @MainActor () -> MainWindow?

    init(options: LaunchOptions, mainWindow: @escaping @MainActor () -> MainWindow?) {
        self.options = options
        self.mainWindow = mainWindow
    }

    /// The image pipeline every section's pictures go through.
    private(set) lazy var images: ImagePipeline = options.images ?? ImagePipeline(
        client: CurlHTTPClient(), configuration: .init(diskFolder: options.paths.cache.appendingPathComponent("images")))

    /// The client for the sections' API calls (images have their own in the pipeline).
    private(set) lazy var http = CurlHTTPClient()

    /// The backend the sections talk to: the given one, else the built-in server's usual address.
    var backend: BackendSource { options.backend ?? .fixed(.builtIn) }

    /// The app's database, opened off the main thread on first use.
    private(set) lazy var database = LazyDatabase(url: options.paths.data.appendingPathComponent("tessera.sqlite"))
    private(set) lazy var peopleStore = PeopleStore(database: database, renameDelay: options.renameDelay)
    private(set) lazy var localMessages = LocalMessageStore(database: database)
    private(set) lazy var avatarDownloader: AvatarDownloader = {
        let source = backend
        return AvatarDownloader(store: peopleStore) { await source.resolve() }
    }()
    private(set) lazy var peopleModel = PeopleViewModel(store: peopleStore, downloader: avatarDownloader)
    private(set) lazy var avatarImages = AvatarImages(store: peopleStore)

    /// The gallery's document.
    var galleryDocument: URL { options.paths.data.appendingPathComponent("gallery.json") }
}
