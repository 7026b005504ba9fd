import Domain
import Foundation
import Repositories

/// Messages new at the head while older pages were asked: numbers move up, shown and saved.
extension MessagesViewModel {
    /// The head's new messages when `page` starts with shown ones and the newest page agrees; else empty.
    func arrivals(explaining page: [String], at offset: Int, receivedAt: Date) async throws(MessagesError) -> [ChatMessage] {
        guard offset > 0, !page.isEmpty else { return [] }
        let oldest = await loadedTexts(max(1, offset - min(offset, page.count) + 1)...offset)
        let counts = HeadGrowth.counts(explaining: page, at: offset) { oldest[$0] }
        guard !counts.isEmpty else { return [] }
        let newest = try await repository.page(at: 0)
        let shownNewest = await loadedTexts(1...max(1, min(offset, newest.count)))
        guard let count = counts.first(where: { HeadGrowth.newest(newest, agreesWith: $0, loaded: offset) { shownNewest[$0] } }) else {
            logger.info("the page at offset \(offset) starts as the oldest shown end, but the newest page agrees with no growth: taken as it came")
            return []
        }
        logger.info("\(count) messages came at the server's head while older ones were asked: every number moves up by \(count)")
        return await Self.messages(of: Array(newest.prefix(count)), at: 0, receivedAt: receivedAt)
    }

    /// Puts `newest` below and moves the rest up, saved first; unsaveable, everything comes back.
    func grow(adding newest: [ChatMessage], at now: Date) async {
        let count = newest.count
        if let saved, !savingFailed {
            do {
                try await saved.grow(adding: newest, at: now)
                savedThrough += count
                savedAhead = Dictionary(uniqueKeysWithValues: savedAhead.map { ($0.key + count, $0.value + count) })
            } catch {
                logger.warning("the chat's saved pages could not take the new messages: \(error)")
                savingFailed = true
            }
        }
        if savingFailed || saved == nil, state.timeline.numbersBelow > 0 { await hold(1...state.timeline.nextOffset) }
        // A read back under way knew the old numbers.
        timelineGeneration += 1
        state.timeline.grow(adding: newest)
        state.newMessagesLine = state.unread > 0 ? (state.newMessagesLine ?? state.unread) + count : count
        state.unread += count
    }

    /// Texts of loaded messages `numbers`, held or from the saved pages.
    func loadedTexts(_ numbers: ClosedRange<Int>) async -> [Int: String] {
        var texts: [Int: String] = [:]
        for message in state.timeline.visible.prefix(state.timeline.heldServerCount) {
            if case .server(let number) = message.origin, numbers.contains(number) { texts[number] = message.text }
        }
        guard texts.count < numbers.count, let saved else { return texts }
        for message in (try? await saved.messages(numbered: numbers)) ?? [] {
            if case .server(let number) = message.origin, texts[number] == nil { texts[number] = message.text }
        }
        return texts
    }
}
