import Gtk

/// Keeping the view still while the content changes, asking for older pages near the top, and
/// hiding the bubbles of rows far from the view (see `MessagesPage`).
extension MessagesPage {
    func userScrolled() {
        hydration.schedule()
        guard !adjusting else { return }
        followsBottom = adjustment.value >= adjustment.maximumValue - 1
        distanceFromEnd = adjustment.upper - adjustment.value
        loadOlderIfNearTop()
    }

    /// Runs (through `hydration`) after the layout that asked for it: it changes sizes.
    /// Without this, every page put on top lays out the whole history again (each row's bubble,
    /// labels and avatar move down), a frame of 300 ms at 2,000 messages. Rows far from the view
    /// hide their content instead and keep their measured height, so a layout touches only the
    /// rows near the view; rows coming near show theirs again before they reach it.
    func updateHydration() {
        let screen = adjustment.pageSize
        guard screen > 0 else { return }
        let view = adjustment.value
        for row in rows {
            let frame = row.row.allocation
            guard frame.height > 1 else { continue } // not laid out yet
            let top = Double(frame.y), bottom = Double(frame.y + frame.height)
            if row.isHydrated {
                if bottom < view - screen * Self.keptScreens || top > view + screen * (1 + Self.keptScreens) {
                    row.dehydrate(height: frame.height)
                }
            } else if bottom >= view - screen * Self.shownScreens && top <= view + screen * (1 + Self.shownScreens) {
                row.hydrate()
            }
        }
    }

    /// Wrapped text takes other heights at another width: every row shows its content again to
    /// be measured, and the ones far away hide it after that layout.
    func widthChanged(_ width: Int) {
        guard width != laidOutWidth else { return }
        laidOutWidth = width
        rehydration.schedule()
    }

    /// The content's extent changed: the view goes back to where the user was looking.
    func keepPosition() {
        adjusting = true
        if followsBottom {
            adjustment.value = adjustment.maximumValue
        } else {
            adjustment.value = min(max(adjustment.lower, adjustment.upper - distanceFromEnd), adjustment.maximumValue)
        }
        distanceFromEnd = adjustment.upper - adjustment.value
        adjusting = false
        hydration.schedule()
        loadOlderIfNearTop()
    }

    /// Judged on the laid-out list only: right after a page goes in, the view is still at the top
    /// of the old extent and would ask for yet another page. `keepPosition` asks again once the
    /// new rows have their places.
    func loadOlderIfNearTop() {
        guard started, model.state.paging.canLoadMore, scroller.isMapped, adjustment.pageSize > 0,
              (rows.first?.row.allocation.height ?? 2) > 1,
              adjustment.value < adjustment.pageSize * Self.loadThreshold else { return }
        Task { await model.loadOlder() }
    }

    /// Scrolls to the very bottom and follows it.
    func scrollToBottom() {
        followsBottom = true
        keepPosition()
    }
}
