import Domain
import Foundation

/// Server messages near the view are held, the rest read back from saved pages as the view nears.
extension MessagesViewModel {
    /// Holds `rows` and lets go of the rest, reading back off the main thread; ignored mid-read.
    public func hold(rows: Range<Int>) async {
        guard holding == nil else { return }
        let timeline = state.timeline
        let last = min(rows.upperBound, timeline.serverRows) - 1
        guard rows.lowerBound <= last, let oldest = timeline.number(atRow: max(0, rows.lowerBound)),
              let newest = timeline.number(atRow: last) else { return }
        await hold(newest...oldest)
    }

    /// Lets go only after saved pages were confirmed and while every page could be saved.
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
