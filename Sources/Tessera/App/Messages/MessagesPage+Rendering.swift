import DequeModule
import Dispatch
import Domain
import Features
import Gtk
import Localization

/// The model's state on screen: rows, paging, notices and the offline banner.
extension MessagesPage {
    func render(_ state: MessagesViewModel.State, _ change: MessagesViewModel.Change?) {
        unread.isPaused = true
        if search.hasOlder == state.timeline.reachedBeginning { search.hasOlder = !state.timeline.reachedBeginning }
        if !draftRestored, state.localLoaded {
            draftRestored = true
            if let draft = state.restoredDraft { composer.restore(draft) }
        }
        // Made once: the timeline makes the list on every ask (10,000 messages: milliseconds).
        let visible = state.visible
        switch change {
        case .prepended(let count)?:
            // A fling in progress would keep moving from where it was: stop it for the insert.
            scroller.kineticScrolling = false
            grid.updateLayout { $0.insert(count, at: 0) }
            grid.setItems(visible, animated: false)
            DispatchQueue.main.async { [weak self] in self?.scroller.kineticScrolling = true }
        case .prependedLetGo(let count)?:
            // Rows on top of those let go there: what shows stays where it is.
            grid.updateLayout { $0.insertEmptyOnTop(count) }
            grid.setItems(visible, animated: false)
        case .grew(let older, let olderLetGo, let newest)?:
            // Rows came on top and at the head: what shows stays where it is.
            scroller.kineticScrolling = false
            let followedEnd = !grid.awaitsPlace && adjustment.value >= adjustment.upper - adjustment.pageSize - 1
            movePlace(by: newest)
            let timeline = state.timeline
            grid.updateLayout {
                if olderLetGo { $0.insertEmptyOnTop(older) } else { $0.insert(older, at: 0) }
                // Their rows go right above the user's own: held, or let go with those below.
                $0.insert(newest, at: timeline.heldServerCount - (timeline.releasedBelow > 0 ? 0 : newest))
                Self.leaveEmpty(as: timeline, in: &$0)
            }
            grid.setItems(visible) { id in
                guard case .server(let number) = id else { return id }
                return .server(number: number + newest)
            }
            if followedEnd, older == 0 { unread.showLine(state) }
            onPlaceChange?() // the place kept names its message by number: kept again under the new one
            DispatchQueue.main.async { [weak self] in self?.scroller.kineticScrolling = true }
        case .held?:
            // Messages let go or read back: their rows stay, empty or filled; nothing moves.
            grid.updateLayout { Self.leaveEmpty(as: state.timeline, in: &$0) }
            grid.setItems(visible, animated: false, extending: false)
        case .appended?:
            grid.setItems(visible, animated: false)
            grid.scrollToEnd()
            grid.layoutNow()
            if let last = visible.last { grid.cell(for: last.id)?.slideIn() }
        case .removed(let index)?:
            grid.updateLayout { $0.remove(1, at: index) }
            grid.setItems(visible, animated: false)
        case .changed(let index)?:
            grid.replace(visible[index])
        case .reloaded?:
            // Texts may differ under the same numbers: every row is made again, with those let go (below).
            grid.updateLayout { $0.removeAll() }
            grid.setItems(EmptyCollection(), animated: false)
        case nil:
            break
        }
        // Compared by ends and count: a full comparison costs milliseconds per page.
        if grid.items.count != visible.count || grid.items.first?.id != visible.first?.id
            || grid.items.last?.id != visible.last?.id {
            let timeline = state.timeline
            grid.updateLayout {
                $0.removeAll()
                $0.insert(visible.count + timeline.releasedAbove + timeline.releasedBelow, at: 0)
                Self.leaveEmpty(as: timeline, in: &$0)
            }
            grid.setItems(visible, animated: false)
        }
        unread.show(state)
        if !visible.isEmpty { onMessagesShown?(visible) }
        paging.show(state.paging)
        notice.show(state.notice)
        if state.receivedAt != nil {
            banner.followNetwork(server: { [resolveBackend] in await resolveBackend().messages(offset: 0) }) { [weak self] in
                self?.model.networkChanged(available: $0)
            }
        }
        if state.isOffline, let receivedAt = state.receivedAt {
            banner.showOffline(receivedAt: receivedAt)
        } else {
            banner.show(nil)
        }
        if state.firstPageFailed, case .failed(let reason) = state.paging {
            content.show(.failure(title: tr("Messages could not be loaded"), reason: reason))
        } else if grid.awaitsPlace, adjustment.pageSize > 0 { // no frame of the newest before the place; never sized, the list shows to take a size
            content.show(.loading(title: tr("Loading…")))
        } else {
            content.show(.content, animated: false)
        }
        started = state.localLoaded
        unread.resume()
        reachPlace(state)
        DispatchQueue.main.async { [weak self] in self?.loadOlderIfNearTop() }
    }

    /// Leaves empty the rows of the messages the timeline let go, above and below those held.
    private static func leaveEmpty(as timeline: MessageTimeline, in layout: inout StackLayout) {
        layout.setEmpty(above: timeline.releasedAbove, below: timeline.releasedBelow, before: timeline.heldServerCount)
    }
}
