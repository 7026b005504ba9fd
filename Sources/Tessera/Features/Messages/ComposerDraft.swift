import Logging
import Repositories

/// The composer's text, written off the main loop after `delay` at rest and at close, read at launch.
@MainActor
final class ComposerDraft {
    private let store: any DraftStoring
    private let delay: Duration
    private let logger: Logger
    /// The text not yet kept, and the wait before it is.
    private var unsaved: String?
    private var pending: Task<Void, Never>?
    /// The text as the database has it.
    private var kept = ""

    init(store: any DraftStoring, delay: Duration, logger: Logger) {
        self.store = store
        self.delay = delay
        self.logger = logger
    }

    /// The text kept at the last launch; nil when there is none or it could not be read.
    func read() async -> String? {
        do {
            let text = try await store.draft()
            kept = text ?? ""
            return text
        } catch {
            logger.warning("the composer's draft could not be read: \(error)")
            return nil
        }
    }

    /// The composer's text changed: kept once the composer rests.
    func changed(_ text: String) {
        guard text != (unsaved ?? kept) else { return }
        unsaved = text
        pending?.cancel()
        let delay = self.delay
        pending = Task { [weak self] in
            guard (try? await Task.sleep(for: delay)) != nil, let self else { return }
            // No longer cancellable from here: a cancelled task's write would be refused.
            self.pending = nil
            await self.save()
        }
    }

    /// Keeps the text now if it changed since it was last kept.
    func save() async {
        guard let text = unsaved else { return }
        unsaved = nil
        pending?.cancel()
        pending = nil
        do {
            try await store.save(text)
            kept = text
        } catch {
            // Kept for the next change or the close; the text is still in the composer.
            if unsaved == nil { unsaved = text }
            logger.warning("the composer's draft could not be kept: \(error)")
        }
    }
}
