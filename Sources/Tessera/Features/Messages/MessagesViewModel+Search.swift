import Domain
import Localization

/// Finding messages: in those stored, and in older pages not loaded yet.
extension MessagesViewModel {
    /// The most results a search lists: more than a person goes through; a narrower search finds the rest.
    public static let searchLimit = 200

    /// Stored messages matching every typed word, newest first; nil when superseded.
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

    /// Pages back through older messages until one more matches, the start, a failure or a stop.
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

    /// Brings `origin` into the chat by paging or reading back; false when hidden or a page failed.
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

    /// Held each side of a revealed message, so the view opens among its neighbours.
    static let heldAroundRevealed = 150
}
