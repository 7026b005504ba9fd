import App
import Domain
import Features
import Foundation
import ImagePipeline
import Logging
import Networking
import Persistence
import Repositories
import HelperClients
import Scheduling
import Video

/// Builds what sections use, each once on first ask; the executable and UI tests start here.
@MainActor
public enum CompositionRoot {
    /// `backend` nil: built-in; `downloads` counts by section; `peopleStoring` wraps People's store.
    public static func sections(paths: AppPaths, backend: BackendSource?,
                                offlineRetryDelays: [Duration] = OfflineRetry.standardDelays,
                                downloads: DownloadLedger = DownloadLedger(),
                                peopleStoring: @escaping @Sendable (PeopleStore) -> any PeopleStoring = { $0 }) -> SectionServices.Makers {
        let source = backend ?? .fixed(.builtIn)
        let resolve: @Sendable () async -> Backend = { await source.resolve() }
        let curl = Once { CurlHTTPClient() }
        // Each section's requests counted under its name.
        let http = { (section: Section) in CountingHTTPClient(curl.value, ledger: downloads, account: section.rawValue) }
        let database = LazyDatabase(url: paths.data.appendingPathComponent("tessera.sqlite"))
        let people = PeopleStore(database: database)
        let downloader = Once {
            AvatarDownloader(store: people, client: SerialHTTPClient(ledger: downloads, account: Section.people.rawValue), backend: resolve)
        }
        let savedFacts = SavedFactsStore(database: database)
        let savedChat = SavedChatStore(database: database)
        let savedFeed = SavedFeedStore(database: database)
        let opened = OpenedFiles()
        let images = Once { imagePipeline(paths: paths, people: people, downloads: downloads, opened: opened, backend: resolve) }
        var makers = SectionServices.Makers(
            images: { images.value },
            feed: { FeedViewModel(repository: LiveFeedRepository(client: http(.feed), backend: resolve), store: savedFeed,
                                  offlineRetryDelays: offlineRetryDelays) },
            messages: {
                MessagesViewModel(repository: LiveMessagesRepository(client: http(.messages), backend: resolve),
                                  store: LocalMessageStore(database: database), saved: savedChat,
                                  drafts: DraftStore(database: database), searcher: MessageSearchStore(database: database),
                                  pictureIntake: PictureIntake(folder: chatPictures(paths: paths)) { url in
                                      // Decoded small in the helper, which reads the size: a file it cannot decode is refused.
                                      let image = try? await images.value.image(for: ImageRequest(url: url, maximumPixelSize: 64))
                                      return image.map { ($0.originalWidth, $0.originalHeight) }
                                  }, offlineRetryDelays: offlineRetryDelays)
            },
            facts: {
                FactsViewModel(repository: LiveFactsRepository(client: http(.facts), backend: resolve),
                               store: savedFacts, offlineRetryDelays: offlineRetryDelays)
            },
            gallery: { base in
                GalleryViewModel(repository: FileGalleryRepository(url: paths.data.appendingPathComponent("gallery.json"),
                                                                   firstRunItems: GalleryFirstRun.items(base: base)),
                                 pictures: galleryPictures(paths: paths))
            },
            people: { PeopleViewModel(store: peopleStoring(people), downloader: downloader.value) },
            finishDownloads: { await downloader.valueIfMade?.waitUntilIdle() },
            clearSavedData: {
                try await savedFacts.clear()
                try await savedChat.clear()
                try await savedFeed.clear()
                await images.value.removeAll()
            },
            forgetSaved: { section in
                switch section {
                case .feed: try await savedFeed.clear()
                case .messages: try await savedChat.clear()
                case .facts: try await savedFacts.clear()
                case .gallery, .people: break
                }
            },
            downloadedThisSession: { downloads.byAccount },
            permitFiles: { opened.permit($0) },
            diskUse: {
                var use = (try? await DatabaseDiskUse.read(database)) ?? [:]
                use[.gallery] = DiskUse(kept: FolderSize.bytes(of: [paths.data.appendingPathComponent("gallery.json"),
                                                                     galleryPictures(paths: paths).folder]))
                use[.messages, default: DiskUse()].kept += FolderSize.bytes(of: [chatPictures(paths: paths).folder])
                return use
            },
            limitSavedPages: { database.limitSavedPages(toBytes: $0) })
        let backgrounds = KeptPictureFiles(folder: paths.data.appendingPathComponent("backgrounds"))
        makers.keepBackground = { bytes in
            do throws(PictureRefusal) {
                let file = try await backgrounds.keep(bytes)
                await backgrounds.forget(allBut: [file])
                return .success(file)
            } catch {
                return .failure(BackgroundNotKept(error.description))
            }
        }
        return makers
    }

    /// The one image pipeline: a counted client, its disk cache, stored avatars, gallery files and posters;
    /// `backend` is awaited before network requests only.
    nonisolated static func imagePipeline(paths: AppPaths, people: PeopleStore, downloads: DownloadLedger,
                                          opened: OpenedFiles = OpenedFiles(),
                                          backend: @escaping @Sendable () async -> Backend = { .builtIn }) -> ImagePipeline {
        let avatars = StoredImageSource(scheme: StoredAvatar.scheme) { url in
            guard let id = StoredAvatar.personID(in: url) else { return nil }
            return try await people.avatarData(personID: id)
        }
        // Each picture counted under the section that asked for it (`ImageRequest.account`).
        let client = WaitingHTTPClient(CountingHTTPClient(CurlHTTPClient(), ledger: downloads)) { _ = await backend() }
        return ImagePipeline(client: client,
                             configuration: .init(diskFolder: paths.cache.appendingPathComponent("images")),
                             sources: [avatars, keptPictureSource([galleryPictures(paths: paths), chatPictures(paths: paths)], opened: opened)],
                             decoders: [VideoFrameDecoder(), SandboxedImageDecoder.prepared()])
    }

    /// Where the gallery keeps the pictures added from files or as data.
    public nonisolated static func galleryPictures(paths: AppPaths) -> KeptPictureFiles {
        KeptPictureFiles(folder: paths.data.appendingPathComponent("gallery-pictures"))
    }

    /// Where the chat keeps the pictures sent in it.
    public nonisolated static func chatPictures(paths: AppPaths) -> KeptPictureFiles {
        KeptPictureFiles(folder: paths.data.appendingPathComponent("chat-pictures"))
    }

    /// `file:` addresses: only pictures kept in `folders` and files a person opened.
    public nonisolated static func keptPictureSource(_ folders: [KeptPictureFiles], opened: OpenedFiles = OpenedFiles()) -> StoredImageSource {
        StoredImageSource(scheme: "file") { url in
            guard folders.contains(where: { $0.isKept(url) }) || opened.permits(url) else { return nil }
            return try Data(contentsOf: url)
        }
    }

    /// The app's CSS: `data/tessera.css` in the source tree, else `share/tessera/`; read before the main loop.
    public nonisolated static func stylesheet() -> String? {
        let candidates = [AppPaths.sourceTreeItem("data/tessera.css"), AppPaths.installedItem("tessera.css")]
        for case let url? in candidates {
            if let css = try? String(contentsOf: url, encoding: .utf8) { return css }
        }
        return nil
    }

    /// The icons folder (`hicolor/…`) of the source tree; nil when installed (the icon theme has them).
    public nonisolated static var iconsFolder: URL? { AppPaths.sourceTreeItem("data/icons") }

    /// Bytes SQLite holds on the heap, every connection together (benchmarks tell it apart from the app's).
    public nonisolated static var databaseMemoryInUse: Int { DatabaseMemory.inUse }

    /// The remembered settings, in `settings.json` under `paths.config`.
    public static func settings(paths: AppPaths, logger: Logger) -> any SettingsStoring {
        SettingsStore(url: paths.settingsFile, logger: logger)
    }
}

extension SettingsStore: SettingsStoring {}

/// The files a person opened (`tessera --view`), which the pipeline may read wherever they are.
public final class OpenedFiles: Sendable {
    private let paths = Mutex<Set<String>>([])

    public init() {}

    func permit(_ files: [URL]) { paths.withLock { $0.formUnion(files.map(\.standardizedFileURL.path)) } }
    func permits(_ file: URL) -> Bool { paths.withLock { $0.contains(file.standardizedFileURL.path) } }
}

/// A value made the first time it is asked for, from any thread.
private final class Once<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let made = Mutex<Value?>(nil)

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        made.withLock { value in
            if let value { return value }
            let fresh = make()
            value = fresh
            return fresh
        }
    }

    /// The value if it was ever made.
    var valueIfMade: Value? { made.withLock { $0 } }
}
