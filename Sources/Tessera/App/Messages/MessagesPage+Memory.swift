import Domain
import Features

/// After each layout, messages far from the view are let go and near ones read back (`hold`).
extension MessagesPage {
    /// Rows held each side: some 25 screens, so nearby scrolling and finds never wait.
    static let keptAround = 300
    /// Rows past `keptAround` before letting go, so small moves let go of nothing.
    static let releaseStep = 200
    /// Within this many screens of the rows let go, they are read back.
    static let bringBackScreens = 2

    /// Lets go of messages far from the view and reads back those it comes near.
    func holdMemory() {
        let layout = grid.layout, timeline = model.state.timeline
        let serverRows = timeline.serverRows
        guard adjustment.pageSize > 0, serverRows > 0, !grid.awaitsPlace,
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
