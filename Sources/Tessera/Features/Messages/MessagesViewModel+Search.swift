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
    /// (a found message from a page not loaded yet), or reading it back with those around it when
    /// it was let go; false when it cannot be shown (hidden, or a page failed on the way: the
    /// paging says why).
    public func reveal(_ origin: ChatMessage.Origin) async -> Bool {
        func shown() -> Bool { state.visible.contains { $0.origin == origin } }
        guard case .server(let number) = origin else { return shown() }
        while !shown() {
            if number <= state.timeline.nextOffset {
                guard state.timeline.row(ofNumber: number) != nil else { return false }
                await hold(max(1, number - Self.heldAroundRevealed)...(number + Self.heldAroundRevealed))
                return shown()
            }
            let before = state.timeline.nextOffset
            await loadOlder()
            guard state.timeline.nextOffset > before else { return shown() }
        }
        return true
    }

    /// Messages held on each side of one read back to be shown (a search's find, a quote): some
    /// screens of rows, so the view opens on messages around it; the view's own holding follows.
    static let heldAroundRevealed = 150
}
