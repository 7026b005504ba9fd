import Domain
import Foundation

/// Messages that came since the person last saw the newest: counted, kept with the saved pages, cleared as seen.
extension MessagesViewModel {
    /// The newest pages begin with messages that came before those loaded (at launch, the saved ones): they go
    /// below, unread. Pages are asked until the loaded ones show up in them, at most `longestAbsence` messages.
    func cameSinceSaved(_ texts: [String], at now: Date) async -> Bool {
        var newest = texts
        let known = state.timeline.nextOffset
        while true {
            let shown = await loadedTexts(1...max(1, min(known, newest.count)))
            if let count = HeadGrowth.arrived(before: newest, saved: known, shown: { shown[$0] }) {
                guard count > 0 else { return false }
                logger.info("\(count) messages came since the saved pages: they go below them, unread")
                var came: [ChatMessage] = []
                for offset in stride(from: 0, to: count, by: MessageTimeline.pageSize) {
                    came += await Self.messages(of: Array(newest[offset..<min(count, offset + MessageTimeline.pageSize)]), at: offset, receivedAt: now)
                }
                await grow(adding: came, at: now)
                state.paging = state.timeline.reachedBeginning ? .ended : .idle
                publish(.grew(older: 0, olderLetGo: false, newest: count))
                return true
            }
            guard newest.count % MessageTimeline.pageSize == 0, newest.count < Self.longestAbsence,
                  let more = try? await repository.page(at: newest.count), !more.isEmpty else { return false }
            newest += more.prefix(MessageTimeline.pageSize)
        }
    }

    /// More came since the saved pages than this: they give way to the newest, as when the history changed.
    static let longestAbsence = 200

    /// The newest server message in view is numbered `number`: those below it are still unread.
    public func seen(through number: Int) {
        guard number - 1 < state.unread else { return }
        state.unread = max(0, number - 1)
        publish(nil)
        let unread = state.unread, previous = unreadWrite
        unreadWrite = Task { [saved] in
            await previous?.value
            try? await saved?.setUnread(unread)
        }
    }
}
