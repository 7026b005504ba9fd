import Domain
import Repositories
import Foundation

/// New messages at the server's head while the chat runs, asked for now and then (`ChatPolling`).
extension MessagesViewModel {
    /// Asks the newest page: messages new since those loaded go below them, unread. Nothing before the first
    /// page, while the saved pages wait for theirs, while a page is on its way or failed, offline, or while
    /// the last ask's failure is waited out (`PollBackoff`).
    public func askNewest() async {
        guard canAskNewest, newestBackoff.allowsAsking else { return }
        let answer: NewestPage
        do {
            answer = try await repository.newestPage(since: newestVersion)
        } catch {
            newestBackoff.failed()
            return logger.info("the chat's newest page could not be asked: \(error)")
        }
        newestBackoff.answered()
        guard canAskNewest else { return }
        state.receivedAt = Date()
        guard case .page(let texts, let version) = answer else { return } // the server's head has not moved
        newestVersion = version
        if !(await cameSinceSaved(texts, at: Date())) { publish(nil) }
    }

    private var canAskNewest: Bool {
        state.localLoaded && !confirmsSaved && !state.isOffline && state.timeline.nextOffset > 0
            && (state.paging == .idle || state.paging == .ended)
    }
}
