import Gtk

/// Asking for older pages near the top, the "Jump to latest" button, and going to the bottom.
extension MessagesPage {
    /// After every layout and scroll: older pages near the top, the jump button far from the end.
    func viewMoved() {
        loadOlderIfNearTop()
        memoryCall.schedule()
        let far = adjustment.upper - adjustment.pageSize - adjustment.value > adjustment.pageSize
        if unread.jumpButton.isVisible != far { unread.jumpButton.isVisible = far }
        unread.markSeen()
        unread.showCount()
    }

    /// Within a screen of the top, once rows are placed (right after a page the view is still at the old top).
    func loadOlderIfNearTop() {
        guard started, model.state.paging.canLoadMore, scroller.isMapped, adjustment.pageSize > 0,
              !grid.items.isEmpty || model.state.timeline.nextOffset == 0,
              adjustment.upper >= grid.layout.contentHeight - 1,
              adjustment.value < adjustment.pageSize * Self.loadThreshold else { return }
        Task { await model.loadOlder() }
    }

    /// Back to the newest, following it: at once when far, a short scroll within two screens.
    func jumpToLatest() {
        let end = adjustment.upper - adjustment.pageSize
        if end - adjustment.value <= adjustment.pageSize * 2, ThemeSettings().animationsEnabled {
            let start = adjustment.value
            var first: Int64?
            _ = scroller.addTickCallback { [weak self] time in
                guard let self else { return false }
                first = first ?? time
                let progress = min(1, Double(time - first!) / 200_000)
                let eased = 1 - (1 - progress) * (1 - progress)
                let target = self.adjustment.upper - self.adjustment.pageSize
                self.adjustment.value = start + (target - start) * eased
                if progress >= 1 { self.grid.scrollToEnd() }
                return progress < 1
            }
        } else {
            grid.scrollToEnd()
        }
    }
}
