import Domain
import Localization

/// Finding messages: in those stored, and in older pages not loaded yet.
extension MessagesViewModel {
    /// The most results a search lists: more than a person goes through; a narrower search finds the rest.
    public static let searchLimit = 200

    /// Stored messages with words beginning with each word typed, newest first; nil when superseded. A failure
    /// is an empty result with the reason in the notice.
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

    /// Searches messages not yet seen: older pages asked one by one (saved, so indexed) until one more is
    /// found, the beginning, a failure or `stopSearchingOlder`; `progress` hears how many are loaded.
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

    /// Brings the message at `origin` into the chat, loading older pages down to it or reading it back; false
    /// when hidden or a page failed (the paging says why).
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
