import Domain
import Features
import Gtk
import Localization

/// The "New messages" line, the unread count over Jump to latest, and messages seen as they come into view.
@MainActor
final class ChatUnread {
    /// Round, bottom right: back to the newest message when the view is far above it.
    let jumpButton = Button(iconName: "go-bottom-symbolic", accessibleName: tr("Jump to latest message"))
    /// Over the jump button: how many messages came since the person last saw the newest.
    let badge = Label()
    let jumpColumn = Box(.vertical, spacing: 4) // the two, in the chat's corner
    /// The message the "New messages" line is over.
    private(set) var lineOrigin: ChatMessage.Origin?
    var isPaused = false // while a change is put on screen: nothing is seen in a view still moving
    var onCountChange: (@MainActor (Int) -> Void)? // the count, each time it changes (the sidebar shows it)
    var windowIsActive: @MainActor () -> Bool = { true } // a message is seen only in the window the person is using
    private unowned let grid: RecyclingGrid<MessageRow, StackLayout>
    private let model: MessagesViewModel

    init(grid: RecyclingGrid<MessageRow, StackLayout>, model: MessagesViewModel) {
        self.grid = grid
        self.model = model
        jumpButton.addStyleClass("circular")
        jumpButton.addStyleClass("jump-to-latest")
        badge.addStyleClass("unread-badge")
        for part in [badge, jumpButton] {
            part.halign = .center
            jumpColumn.append(part)
            part.keepsOwnVisibility = true
            part.isVisible = false
        }
        jumpColumn.halign = .end
        jumpColumn.valign = .end
        jumpColumn.setMargins(16)
    }

    /// After each change: the line over its message, the count over the jump button.
    func show(_ state: MessagesViewModel.State) {
        let line = state.newMessagesLine.map { ChatMessage.Origin.server(number: $0) }
        if line != lineOrigin {
            lineOrigin = line
            for row in grid.cells where row.updateNewLine() {
                row.updateChosen()
                grid.measureAgain(row.message.id)
            }
        }
        showCount()
    }

    func resume() { // the change is on screen: what is in view now is seen
        isPaused = false
        markSeen()
    }

    /// After every scroll: the widgets are touched only when the count or the button's showing changed.
    func showCount() {
        let unread = model.state.unread, shows = unread > 0 && jumpButton.isVisible
        guard shownCount?.unread != unread || shownCount?.shows != shows else { return }
        if shownCount?.unread ?? 0 != unread { onCountChange?(unread) }
        shownCount = (unread, shows)
        badge.text = String(unread)
        badge.isVisible = shows
        let name = unread > 0 ? ntr("Jump to latest message, {count} unread", "Jump to latest message, {count} unread", count: unread)
            : tr("Jump to latest message")
        jumpButton.accessibleName = name
    }

    private var shownCount: (unread: Int, shows: Bool)?

    /// Messages came while the view followed the newest: the line goes near the top, what came below it.
    func showLine(_ state: MessagesViewModel.State) {
        guard let number = state.newMessagesLine, case let line = ChatMessage.Origin.server(number: number),
              let index = grid.index(of: line) else { return }
        grid.restore(ListPlace(key: line.key, index: index, offset: -Self.lineContext), byIndex: false) { $0.origin.key }
    }

    /// The newest server message in view is seen, and every one above it.
    func markSeen() {
        let adjustment = grid.adjustment, timeline = model.state.timeline
        guard model.state.unread > 0, !isPaused, windowIsActive(), grid.widget.isMapped, !grid.awaitsPlace, adjustment.pageSize > 0 else { return }
        let items = grid.items
        let inView = grid.layout.indices(from: adjustment.value, to: adjustment.value + adjustment.pageSize - Self.seenMargin)
        guard !inView.isEmpty else { return }
        for index in inView.reversed() where index < items.count {
            if case .server(let number) = items[index].origin { return model.seen(through: number) }
        }
        // Only the user's own messages in view: every server message is above them.
        if inView.lowerBound >= timeline.heldServerCount, timeline.releasedBelow == 0 { model.seen(through: 1) }
    }

    static let lineContext = 48.0 // points of the message above the line, shown over it
    static let seenMargin = 24.0 // a message is seen once this much of its top is in view
}
