import Domain
import Features

/// Holding the chat's memory over a long history: after each layout, the messages far above or
/// below the view are let go and those it comes near are read back (`MessagesViewModel.hold`).
extension MessagesPage {
    /// Rows held on each side of the view: some 25 screens of one-line messages, so that
    /// scrolling, Page Up and Down and the search's finds nearby never wait for a read.
    static let keptAround = 300
    /// Rows past `keptAround` before any is let go, so that the view moving a little lets go of
    /// nothing and each read back or letting go is worth its layout.
    static let releaseStep = 200
    /// Within this many screens of the rows let go, they are read back.
    static let bringBackScreens = 2

    /// Lets go of messages far from the view and reads back those it comes near.
    func holdMemory() {
        let layout = grid.layout, timeline = model.state.timeline
        let serverRows = timeline.serverRows
        guard adjustment.pageSize > 0, serverRows > 0,
              layout.rowCount == serverRows + timeline.visible.count - timeline.heldServerCount else { return }
        let view = layout.rows(from: adjustment.value, to: adjustment.value + adjustment.pageSize)
        let top = min(view.lowerBound, serverRows), bottom = min(view.upperBound, serverRows)
        let near = max(view.count, 1) * Self.bringBackScreens
        let held = timeline.releasedAbove..<(timeline.releasedAbove + timeline.heldServerCount)
        let needed = (held.lowerBound > 0 && held.lowerBound > top - near)
            || (held.upperBound < serverRows && held.upperBound < bottom + near)
        let tooMany = held.lowerBound < top - Self.keptAround - Self.releaseStep
            || held.upperBound > bottom + Self.keptAround + Self.releaseStep
        guard needed || tooMany else { return }
        var wanted = max(0, top - Self.keptAround)..<min(serverRows, bottom + Self.keptAround)
        if !choice.chosen.isEmpty {
            // Messages chosen to be copied stay until the choice goes.
            wanted = min(wanted.lowerBound, held.lowerBound)..<max(wanted.upperBound, held.upperBound)
        }
        guard wanted != held else { return }
        Task { await model.hold(rows: wanted) }
    }
}
