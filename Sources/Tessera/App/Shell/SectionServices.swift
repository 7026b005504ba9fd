import Domain
import Features
import Foundation
import Gtk
import ImagePipeline

/// What sections share, made once from the composition root's makers.
@MainActor
public final class SectionServices {
    /// How each shared thing is made; called at most once each.
    public struct Makers {
        public var images: @MainActor () -> ImagePipeline
        public var feed: @MainActor () -> FeedViewModel
        public var messages: @MainActor () -> MessagesViewModel
        public var facts: @MainActor () -> FactsViewModel
        /// The gallery over its document; the first launch's items link to this base.
        public var gallery: @MainActor (_ firstRunBase: URL) -> GalleryViewModel
        /// The People view-model, which lives as long as the app.
        public var people: @MainActor () -> PeopleViewModel
        /// Returns once avatar downloads under way have finished.
        public var finishDownloads: @Sendable () async -> Void
        /// Deletes what was saved for offline, never the gallery, people or the user's messages.
        public var clearSavedData: @MainActor () async throws -> Void
        /// Deletes `section`'s saved data from an address it no longer uses.
        public var forgetSaved: @MainActor (Section) async throws -> Void
        /// This session's bytes by section name ("other": no section).
        public var downloadedThisSession: @Sendable () -> [String: Int]
        /// Lets the pipeline read these files, which a person opened (`tessera --view`).
        public var permitFiles: @Sendable ([URL]) -> Void
        /// Bytes on disk by section, but for the pictures cache (the pipeline's own).
        public var diskUse: @Sendable () async -> [Section: DiskUse]
        /// The saved pages' bytes at most, kept to as the database opens.
        public var limitSavedPages: @Sendable (Int) -> Void
        /// Keeps a picture set as the desktop's background; nil: none can be.
        public var keepBackground: BackgroundKeeping?

        public init(images: @escaping @MainActor () -> ImagePipeline,
                    feed: @escaping @MainActor () -> FeedViewModel, messages: @escaping @MainActor () -> MessagesViewModel,
                    facts: @escaping @MainActor () -> FactsViewModel,
                    gallery: @escaping @MainActor (_ firstRunBase: URL) -> GalleryViewModel,
                    people: @escaping @MainActor () -> PeopleViewModel,
                    finishDownloads: @escaping @Sendable () async -> Void,
                    clearSavedData: @escaping @MainActor () async throws -> Void,
                    forgetSaved: @escaping @MainActor (Section) async throws -> Void,
                    downloadedThisSession: @escaping @Sendable () -> [String: Int] = { [:] },
                    permitFiles: @escaping @Sendable ([URL]) -> Void = { _ in },
                    diskUse: @escaping @Sendable () async -> [Section: DiskUse] = { [:] },
                    limitSavedPages: @escaping @Sendable (Int) -> Void = { _ in }) {
            self.images = images
            self.feed = feed
            self.messages = messages
            self.facts = facts
            self.gallery = gallery
            self.people = people
            self.finishDownloads = finishDownloads
            self.clearSavedData = clearSavedData
            self.forgetSaved = forgetSaved
            self.downloadedThisSession = downloadedThisSession
            self.permitFiles = permitFiles
            self.diskUse = diskUse
            self.limitSavedPages = limitSavedPages
        }
    }

    let makers: Makers
    /// The backend the sections talk to.
    let backend: BackendSource
    /// Whether to fetch only what is on screen (a metered network, or Preferences' "Save data").
    let dataSaving = DataSaving(alwaysSaves: false)
    /// The cap on the pictures cache and the saved pages together.
    let disk: DiskBudget
    /// The main window, once it exists (dialogs are transient for it).
    var mainWindow: @MainActor () -> MainWindow? = { nil }
    var chatPollInterval: Duration = .seconds(30) // `LaunchOptions.chatPollInterval`
    /// Sends the desktop's notifications; nil before the app made it.
    var application: Application?
    var notifiesMessages: @MainActor () -> Bool = { true } // Preferences' "Notify about new messages"
    /// The chat's spelling languages as last chosen, and how a new choice is kept.
    var spellingLanguages = SpellingLanguages()
    var rememberSpelling: @MainActor (SpellingLanguages) -> Void = { _ in }
    /// What every viewer remembers: print choices, the slideshow's pace, turned pictures.
    var viewerChoices = ViewerChoices()

    init(makers: Makers, backend: BackendSource?) {
        self.makers = makers
        self.backend = backend ?? .fixed(.builtIn)
        disk = DiskBudget(megabytes: AppSettings.defaultDiskCacheMegabytes, databaseUse: makers.diskUse,
                          limitSavedPages: makers.limitSavedPages)
    }

    /// The image pipeline every picture goes through (stored avatars and video posters too).
    var images: ImagePipeline {
        if let made = imagesIfMade { return made }
        let made = makers.images()
        imagesIfMade = made
        disk.attach(made.diskCache)
        dataSaving.observe(made) { [weak made] saving in made?.savesData = saving }
        return made
    }
    /// The image pipeline if something has asked for it yet.
    private(set) var imagesIfMade: ImagePipeline?
    var peopleModel: PeopleViewModel {
        if let made = peopleModelIfMade { return made }
        let made = makers.people()
        peopleModelIfMade = made
        return made
    }
    /// The People view-model if something has asked for it yet.
    private(set) var peopleModelIfMade: PeopleViewModel?
    /// A new chat view-model (its service moved); the one it replaces writes its draft before it reads.
    func makeMessagesModel() -> MessagesViewModel {
        let made = makers.messages()
        if let previous = messagesModelIfMade { made.startsAfter(previous) }
        messagesModelIfMade = made
        return made
    }
    /// The chat's view-model made last, if one was.
    private(set) weak var messagesModelIfMade: MessagesViewModel?
    /// Kept, so its document is written whole when the window closes.
    func makeGalleryModel(firstRunBase: URL) -> GalleryViewModel {
        let made = makers.gallery(firstRunBase)
        galleryModelIfMade = made
        return made
    }
    /// The gallery's view-model, if one was made.
    private(set) weak var galleryModelIfMade: GalleryViewModel?
}
