import DequeModule
import Domain
import Foundation
import Logging
import Repositories
import Scheduling
import Localization

/// The chat's state and intents, without GTK: local messages from the database, server pages from offset 0
/// upwards, saved and confirmed at the next launch; `OfflineRetry` when away.
@MainActor
public final class MessagesViewModel {
    public typealias State = MessagesState
    public typealias Change = MessagesChange
    public internal(set) var state = State()
    public var onChange: ((State, Change?) -> Void)?
    let repository: any MessagesRepository
    var newestVersion: PageVersion? // the newest page's, as `askNewest` last took it
    private let store: any LocalMessageStoring
    public let pictureIntake: PictureIntake? // takes the pictures sent; nil: none can be sent
    let logger: Logger

    let saved: (any SavedChatStoring)?
    /// The composer's text kept as it is typed; nil keeps nothing.
    private let draft: ComposerDraft?
    let searcher: (any MessageSearching)?
    /// The last search asked; an answer to an earlier one is dropped.
    var searchGeneration = 0
    /// `stopSearchingOlder` was called: `searchOlder` stops after the page on its way.
    var olderSearchStopped = false
    /// How many of the newest saved messages a launch reads (`standardSavedShown`).
    private var savedShown: Int
    private var savedFrom = 1 // the newest saved message a launch reads: 1 but for a place far up (`belowPlace`)
    private let offlineRetry: OfflineRetry
    var newestBackoff: PollBackoff // `askNewest` after a failure
    /// Saved pages wait for the newest to be asked again; nothing older is asked until it answers.
    var confirmsSaved = false
    /// The newest page is being asked again.
    private var confirming = false
    /// The server's messages saved with no page missing, numbered 1 to this: only those may be let go.
    var savedThrough = 0
    /// Pages saved past a page still being saved: where each starts, and where it ends.
    var savedAhead: [Int: Int] = [:]
    /// A page could not be saved: nothing more is let go at this launch (it could not come back).
    var savingFailed = false
    /// Counts the times the server's messages were replaced (numbers read before mean others after).
    var timelineGeneration = 0
    /// The read back of messages let go under way (`hold`).
    var holding: Task<Void, Never>?
    var unreadWrite: Task<Void, Never>? // the last unread count's write; the next one waits for it

    /// `saved` and `drafts` keep pages and the composer (nil: nothing); launches read `savedShown` messages.
    public init(repository: any MessagesRepository, store: any LocalMessageStoring, saved: (any SavedChatStoring)? = nil,
                drafts: (any DraftStoring)? = nil, draftDelay: Duration = .milliseconds(400),
                searcher: (any MessageSearching)? = nil, pictureIntake: PictureIntake? = nil,
                offlineRetryDelays: [Duration] = OfflineRetry.standardDelays,
                savedShown: Int = MessagesViewModel.standardSavedShown,
                logger: Logger = Logger(label: "dev.tessera.messages")) {
        self.savedShown = savedShown
        self.repository = repository
        self.store = store
        self.saved = saved
        draft = drafts.map { ComposerDraft(store: $0, delay: draftDelay, logger: logger) }
        self.searcher = searcher
        self.pictureIntake = pictureIntake
        offlineRetry = OfflineRetry(delays: offlineRetryDelays)
        newestBackoff = PollBackoff(delays: offlineRetryDelays)
        self.logger = logger
    }

    /// The newest saved messages a launch reads, some 80 screens: a long history is not read whole.
    public static let standardSavedShown = 1_000

    /// Network gone: offline, no tries; back: failures and unconfirmed pages asked at once.
    public func networkChanged(available: Bool) {
        offlineRetry.networkChanged(available: available)
        guard available else {
            guard !state.isOffline, state.timeline.hasVisible, state.receivedAt != nil else { return }
            state.isOffline = true
            publish(nil)
            return
        }
        guard state.isOffline, state.paging != .loading else { return }
        offlineRetry.cancel()
        if state.paging.canRetry || confirmsSaved {
            Task { await askAgain() }
        } else {
            state.isOffline = false
            publish(nil)
        }
    }

    /// A place restored at message `number`: the saved messages read at launch reach a screenful past it.
    public func showsSaved(through number: Int) {
        savedShown = max(savedShown, number + Self.pastPlace)
        if number > Self.standardSavedShown { savedFrom = max(1, number - Self.belowPlace) }
    }

    static let pastPlace = 100
    static let belowPlace = 200 // read below a place far up; the newer ones are read back as the view nears

    /// Shows the local and the saved messages, then asks for the next page.
    public func start() async {
        // The chat made before this one (its service moved) keeps its draft first.
        await previousDraftKept?.value
        previousDraftKept = nil
        do {
            state.timeline.setLocal(try await store.all())
            if let replacement = store.replacementNotice { state.notice = replacement }
        } catch {
            state.notice = tr("Your messages could not be read. {reason}", ["reason": "\(error)"])
        }
        if let draft { state.restoredDraft = await draft.read() }
        if let saved, let chat = try? await saved.saved(numbered: savedFrom...savedShown), !chat.messages.isEmpty {
            state.timeline.restore(server: chat.messages, nextOffset: chat.nextOffset, reachedBeginning: chat.reachedBeginning,
                                   letGoAbove: chat.olderNotRead, letGoBelow: chat.newerNotRead)
            state.receivedAt = chat.savedAt
            state.unread = min(chat.unread, chat.nextOffset)
            state.newMessagesLine = state.unread > 0 ? state.unread : nil
            confirmsSaved = true
            savedThrough = chat.nextOffset
        }
        state.localLoaded = true
        publish(.reloaded)
        await askAgain()
    }

    /// Confirms the saved pages if they wait for it, then asks for the next older page.
    private func askAgain() async {
        if confirmsSaved {
            await confirmSaved()
            guard !confirmsSaved else { return }
        }
        if state.paging.canRetry {
            await retry()
        } else {
            await loadOlder()
        }
    }

    /// Asks the newest page again: saved pages stay if it agrees, else give way; the view stays at the bottom.
    private func confirmSaved() async {
        guard !confirming else { return }
        confirming = true
        defer { confirming = false }
        // No spinner: the list's top speaks of older pages. A failure told before goes while asking again.
        if state.paging.canRetry {
            state.paging = .idle
            publish(nil)
        }
        do {
            let texts = try await repository.page(at: 0)
            let now = Date()
            confirmsSaved = false
            cameBack(at: now)
            if await cameSinceSaved(texts, at: now) { return }
            let fresh = await Self.messages(of: texts, at: 0, receivedAt: now)
            let savedNewest = await loadedTexts(1...max(1, min(state.timeline.nextOffset, MessageTimeline.pageSize)))
            let replaced = state.timeline.refreshNewest(fresh, pageCount: texts.count, saved: savedNewest)
            state.paging = state.timeline.reachedBeginning ? .ended : .idle
            if replaced { timelineGeneration += 1 }
            publish(replaced ? .reloaded : nil)
            if replaced {
                logger.info("the server's newest messages differ from those saved: the saved pages were replaced")
                state.unread = 0
                state.newMessagesLine = nil
                savedThrough = 0
                do {
                    try await saved?.replaceAll(with: fresh,
                                                nextOffset: state.timeline.nextOffset,
                                                reachedBeginning: state.timeline.reachedBeginning, at: now)
                    savedThrough = fresh.count
                } catch {
                    savingFailed = true
                }
            } else {
                try? await saved?.touch(at: now)
            }
        } catch {
            failed(error)
        }
    }

    /// The placeholder says why; with the backend unreachable and something shown, the chat is offline.
    private func failed(_ error: MessagesError) {
        state.paging = .failed(error.description)
        state.isOffline = offlineRetry.afterFailure(unreachable: error.meansUnreachable, showsContent: state.timeline.hasVisible,
                                                    stillWaiting: { [weak self] in
                                                        guard let self else { return false }
                                                        return self.state.isOffline && self.state.paging.canRetry
                                                    },
                                                    again: { [weak self] in await self?.askAgain() })
        publish(nil)
    }

    /// A page came: the chat is online.
    private func cameBack(at date: Date) {
        state.receivedAt = date
        state.isOffline = false
        offlineRetry.reset()
    }

    /// Near the top: asks for the next older page unless one is on its way, the last failed, or none is left.
    public func loadOlder() async {
        guard state.paging.canLoadMore, !confirmsSaved else { return }
        await load()
    }

    /// Asks the failed offset again (or the newest page, when the saved pages wait for it).
    public func retry() async {
        guard state.paging.canRetry else { return }
        if confirmsSaved { return await askAgain() }
        await load()
    }

    /// Made off the main thread: a preview reads up to four times its length of a text of any length.
    static func messages(of texts: [String], at offset: Int, receivedAt: Date) async -> [ChatMessage] {
        await Task.detached(priority: .loading) {
            MessageTimeline.messages(of: texts, at: offset, receivedAt: receivedAt)
        }.value
    }

    private func load() async {
        let offset = state.timeline.nextOffset
        state.paging = .loading
        publish(nil)
        do {
            let texts = try await repository.page(at: offset)
            if texts.count > MessageTimeline.pageSize {
                logger.warning("the page at offset \(offset) had \(texts.count) messages; the first \(MessageTimeline.pageSize) are shown and the next page is asked after them")
            }
            let now = Date()
            let arrived = try await arrivals(explaining: texts, at: offset, receivedAt: now)
            if !arrived.isEmpty { await grow(adding: arrived, at: now) }
            let offset = offset + arrived.count
            let messages = await Self.messages(of: Array(texts.dropFirst(arrived.count)), at: offset, receivedAt: now)
            cameBack(at: now)
            // A page for a let-go top is saved and let go too; unsaveable, everything comes back first.
            let onTopLetGo = state.timeline.numbersAbove > 0
            if onTopLetGo, !(await savePage(messages, at: offset, reachedBeginning: MessageTimeline.endsHistory(pageCount: texts.count), now: now)) {
                await hold(1...state.timeline.nextOffset)
            }
            let letGo = state.timeline.numbersAbove > 0
            let added = state.timeline.receive(messages, pageCount: texts.count, at: offset)
            state.paging = state.timeline.reachedBeginning ? .ended : .idle
            if !arrived.isEmpty {
                publish(.grew(older: added, olderLetGo: letGo, newest: arrived.count))
            } else {
                publish(added > 0 ? (letGo ? .prependedLetGo(added) : .prepended(added)) : nil)
            }
            if !onTopLetGo {
                await savePage(messages, at: offset, reachedBeginning: state.timeline.reachedBeginning, now: now)
            }
        } catch {
            failed(error)
        }
    }

    /// Saves a page (empty: the beginning); false when it could not, and nothing is let go after.
    @discardableResult
    private func savePage(_ messages: [ChatMessage], at offset: Int, reachedBeginning: Bool, now: Date) async -> Bool {
        guard let saved else { return false }
        let through = offset + messages.count
        do {
            try await saved.savePage(messages, nextOffset: through, reachedBeginning: reachedBeginning, at: now)
            // Pages may be saved out of order: the run from 1 grows as the gaps fill.
            savedAhead[offset] = through
            while let next = savedAhead.removeValue(forKey: savedThrough) { savedThrough = max(savedThrough, next) }
            return true
        } catch {
            logger.warning("a page of the chat could not be saved: \(error)")
            savingFailed = true
            return false
        }
    }

    /// Tells the user `notice` (a link that could not be opened).
    public func say(_ notice: String) {
        state.notice = notice
        publish(nil)
    }

    // MARK: The draft

    /// The composer's text changed: it is kept once the composer rests for `draftDelay`.
    public func draftChanged(_ text: String) { draft?.changed(text) }

    /// This chat replaces `previous`: its unwritten draft is written before this one reads it.
    public func startsAfter(_ previous: MessagesViewModel) {
        previousDraftKept = Task { await previous.saveDraft() }
    }

    private var previousDraftKept: Task<Void, Never>?

    /// Keeps the composer's text now if it changed since it was last kept (the window closes).
    public func saveDraft() async { await draft?.save() }

    /// The draft and the unread count written (at exit).
    public func finishSaving() async {
        await saveDraft()
        await unreadWrite?.value
    }

    /// Sends `text` (a reply to `quote`, with `picture` taken in, if given); false for blank text and no picture.
    @discardableResult
    public func send(_ text: String, replyingTo quote: ReplyQuote? = nil, picture: ChatPicture? = nil) async -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty || picture != nil else { return false }
        do {
            let message = try await store.add(trimmed, replyingTo: quote, picture: picture)
            state.timeline.appendLocal(message)
            publish(.appended)
            // Sent: the draft goes (the composer is emptied, which says so too).
            draftChanged("")
            await saveDraft()
            return true
        } catch {
            if let picture { await pictureIntake?.forget(picture) } // not stored: let go
            say(tr("Your message could not be saved. {reason}", ["reason": "\(error)"]))
            return false
        }
    }

    /// Edits an own message, stored and marked edited; false, unchanged, otherwise (the notice says why).
    @discardableResult
    public func edit(_ origin: ChatMessage.Origin, to text: String) async -> Bool {
        guard case .local(let id) = origin else { return false }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty || state.visible.last(where: { $0.origin == origin })?.picture != nil else {
            say(tr("A message cannot be empty; yours was kept as it was."))
            return false
        }
        do {
            let edited = try await store.edit(id: id, text: trimmed)
            guard let index = state.timeline.replace(edited) else { return true }
            publish(.changed(index))
            return true
        } catch {
            say(tr("Your message could not be changed. {reason}", ["reason": "\(error)"]))
            return false
        }
    }

    /// Deletes a local message or hides a server one; false with the reason when refused. `whenStored` runs
    /// before the list changes, so focus returns to the row before it leaves.
    @discardableResult
    public func delete(_ origin: ChatMessage.Origin, whenStored: @MainActor () -> Void = {}) async -> Bool {
        guard state.visible.contains(where: { $0.origin == origin }) else { return true }
        if case .local(let id) = origin {
            do {
                try await store.delete(id: id)
                if let picture = state.visible.last(where: { $0.origin == origin })?.picture { await pictureIntake?.forget(picture) }
            } catch {
                say(tr("The message could not be deleted. {reason}", ["reason": "\(error)"]))
                return false
            }
        }
        whenStored()
        // Found again after the write: a page may have gone on top meanwhile.
        guard let index = state.visible.firstIndex(where: { $0.origin == origin }) else { return true }
        state.timeline.remove(origin)
        publish(.removed(index))
        return true
    }

    public func dismissNotice() {
        state.notice = nil
        publish(nil)
    }

    func publish(_ change: Change?) { onChange?(state, change) }
}
