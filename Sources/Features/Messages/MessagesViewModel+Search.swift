import Domain
import Localization

/// Finding messages: in those stored, and in older pages not loaded yet.
extension MessagesViewModel {
    /// The most results a search lists: more than a person goes through; a narrower search finds
    /// the rest.
    public static let searchLimit = 200

    /// The messages stored (sent, or received at this launch or an earlier one) whose words begin
    /// with each word of `typed`, newest first; nil when a later search was asked meanwhile. A
    /// failed search is an empty one, with the reason in the notice.
    public func search(_ typed: String) async -> [MessageSearchHit]? {
        searchGeneration += 1
        let generation = searchGeneration
        guard let searcher, MessageSearchHit.query(for: typed) != nil else { return [] }
        do {
            let hits = try await searcher.search(typed, limit: Self.searchLimit)
            return generation == searchGeneration ? hits : nil
        } catch {
            say(tr("The messages could not be searched. {reason}", ["reason": "\(error)"]))
            return generation == searchGeneration ? [] : nil
        }
    }

    /// Looks through the messages not seen yet for `typed`, the contract having no search: older
    /// pages asked of the server one after another (each saved, and so indexed), until one more
    /// message is found, the beginning is reached, a page fails or `stopSearchingOlder` is called
    /// (the page being asked finishes first); `progress` hears how many messages are loaded after
    /// each page. Returns the search's results then.
    public func searchOlder(_ typed: String, progress: (Int) -> Void) async -> [MessageSearchHit] {
        guard let searcher, MessageSearchHit.query(for: typed) != nil else { return [] }
        olderSearchStopped = false
        let before = (try? await searcher.search(typed, limit: Self.searchLimit))?.count ?? 0
        while !olderSearchStopped, !state.timeline.reachedBeginning {
            let offset = state.timeline.nextOffset
            await loadOlder()
            guard state.timeline.nextOffset > offset else { break }
            progress(state.timeline.nextOffset)
            if let hits = try? await searcher.search(typed, limit: Self.searchLimit),
               hits.count > before || hits.count >= Self.searchLimit {
                return hits
            }
        }
        return (try? await searcher.search(typed, limit: Self.searchLimit)) ?? []
    }

    /// Stops `searchOlder` once the page on its way has come.
    public func stopSearchingOlder() {
        olderSearchStopped = true
    }

    /// Makes the message at `origin` part of the chat shown, loading the older pages down to it
    /// (a found message from a page not loaded yet); false when it cannot be shown (hidden, or a
    /// page failed on the way: the paging says why).
    public func reveal(_ origin: ChatMessage.Origin) async -> Bool {
        while !state.visible.contains(where: { $0.origin == origin }) {
            guard case .server(let number) = origin, state.timeline.nextOffset < number else { return false }
            let before = state.timeline.nextOffset
            await loadOlder()
            guard state.timeline.nextOffset > before else { return state.visible.contains { $0.origin == origin } }
        }
        return true
    }
}
