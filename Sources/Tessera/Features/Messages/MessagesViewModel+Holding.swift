import Domain
import Foundation

/// The chat's memory over a long history: it holds the server's messages near the view and lets
/// go of the others, which wait in the saved pages and are read back (by number, one indexed
/// read) as the view comes near them. Their rows stay in place, empty, meanwhile
/// (`StackLayout`), so nothing the user looks at moves.
extension MessagesViewModel {
    /// Holds the server's messages in rows `rows` (counting from the oldest loaded, 0, the rows
    /// let go too) and lets go of the others; those not held are read back from the saved pages
    /// first, off the main thread. Messages not saved yet stay held. Ignored while a read back is
    /// under way (the view asks again after it: the chat lays out again then).
    public func hold(rows: Range<Int>) async {
        guard holding == nil else { return }
        let timeline = state.timeline
        let last = min(rows.upperBound, timeline.serverRows) - 1
        guard rows.lowerBound <= last, let oldest = timeline.number(atRow: max(0, rows.lowerBound)),
              let newest = timeline.number(atRow: last) else { return }
        await hold(newest...oldest)
    }

    /// Holds the server's messages numbered `numbers`. Messages are let go only with saved pages
    /// to read them back from, once the saved pages were confirmed at this launch (the newest page
    /// asked again may replace them all: until then messages are only read back), and while every
    /// page could be saved (after a failure, everything comes back).
    func hold(_ numbers: ClosedRange<Int>) async {
        while let running = holding { await running.value }
        let nextOffset = state.timeline.nextOffset
        guard nextOffset > 0 else { return }
        var wanted = numbers
        if saved == nil || savingFailed {
            // Everything back: what is let go may not all be saved.
            wanted = 1...nextOffset
        } else if confirmsSaved {
            // Read back, nothing let go, until the saved pages are confirmed.
            if let held = state.timeline.heldNumbers {
                wanted = min(held.lowerBound, wanted.lowerBound)...max(held.upperBound, wanted.upperBound)
            }
        } else if nextOffset > savedThrough {
            // The pages not saved yet are the oldest loaded: held, and all between.
            wanted = min(wanted.lowerBound, savedThrough + 1)...nextOffset
        }
        guard wanted != state.timeline.heldNumbers else { return }
        let task = Task { await readBackAndHold(wanted) }
        holding = task
        await task.value
        holding = nil
    }

    private func readBackAndHold(_ numbers: ClosedRange<Int>) async {
        let generation = timelineGeneration
        var fetched: [ChatMessage] = []
        if let saved {
            do {
                for run in state.timeline.numbersNotHeld(in: numbers) {
                    fetched += try await saved.messages(numbered: run)
                }
            } catch {
                logger.warning("the chat's saved messages could not be read back: \(error)")
                return
            }
        }
        guard generation == timelineGeneration else { return }
        if state.timeline.hold(numbers, adding: fetched) {
            publish(.held)
        } else {
            logger.warning("the chat's saved pages lack messages it let go of; nothing more is let go at this launch")
            savingFailed = true
        }
    }
}
