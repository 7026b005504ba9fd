import Domain
import Features
import Foundation
import Gtk
import ImagePipeline

/// The chat: a static header, the messages stacked from the bottom up (newest at the bottom),
/// older pages loading as the user nears the top without moving what they look at, and a
/// composer at the bottom.
///
/// Keeping the view still: the page remembers how far the view's top is from the end of the
/// content, and whenever the content's extent changes (a page went on top, the spinner went away)
/// it puts the view back at that distance, inside the adjustment's "changed" signal, before
/// anything is drawn. When the user is at the bottom it follows the bottom instead.
@MainActor
public final class MessagesPage: SettlingPage, ScreenshotScenes {
    public let title = "Messages"
    public let widget: Widget
    public let model: MessagesViewModel
    private(set) var rows: [MessageRow] = []
    let list = ListBox(selectable: false)
    let scroller = ScrolledWindow()
    public let adjustment: Adjustment
    let header = Label("Тестовое задание")
    let entry = Entry(placeholder: "Message")
    let sendButton = Button(iconName: "mail-send-symbolic", accessibleName: "Send")
    /// Above the messages: a spinner, a failed page's Retry, or the beginning of the conversation.
    private let paging = PagingIndicator(loading: "Loading older messages", failurePrefix: "Older messages could not be loaded.",
                                         end: "Beginning of conversation", retryBeside: false)
    var topSpinner: Spinner { paging.spinner }
    var topRetry: Button { paging.retry }
    var topError: Label { paging.error }
    var beginning: Label { paging.end }
    /// The chat, or a failed first page with nothing to show, with Retry.
    private let content: ContentOrStatus
    /// A failed send, delete or read of the stored messages, in words.
    let notice = NoticeBar()
    var placeholderRetry: Button { content.retry }
    private let pipeline: ImagePipeline
    private let open: @MainActor (ChatMessage, URL?) -> Void
    private var backend: Backend?
    private var started = false

    /// Whether the view follows the bottom (it is there, or the user just sent a message).
    private(set) var followsBottom = true
    /// How far the view's top is from the end of the content, kept across extent changes.
    private var distanceFromEnd = 0.0
    /// Set while the page moves the view itself, so that the move is not taken for the user's.
    private var adjusting = false

    /// Within this many screens of the top, the next older page is asked for.
    static let loadThreshold = 1.0
    /// Rows within this many screens of the view show their content; rows beyond `keptScreens`
    /// hide it and keep their height (the gap between the two keeps a row from flickering in and
    /// out at the edge).
    static let shownScreens = 2.0
    static let keptScreens = 3.0
    private lazy var hydration = CoalescedCall { [weak self] in self?.updateHydration() }
    /// After a width change, every row shows its bubble to be measured again (see `widthChanged`).
    private lazy var rehydration = CoalescedCall { [weak self] in
        guard let self else { return }
        for row in self.rows { row.hydrate() }
        self.hydration.schedule()
    }
    private var laidOutWidth = 0

    public init(model: MessagesViewModel, pipeline: ImagePipeline,
                backend: @escaping @MainActor () async -> Backend,
                open: @escaping @MainActor (ChatMessage, URL?) -> Void) {
        self.model = model
        self.pipeline = pipeline
        self.open = open
        adjustment = scroller.verticalAdjustment()

        header.addStyleClass("messages-header")
        header.setMargins(top: 10, bottom: 10, start: 12, end: 12)

        paging.widget.setMargins(12)
        paging.widget.hexpand = true

        list.addStyleClass("messages-list")
        list.accessibleName = "Messages"
        let column = Box(.vertical)
        column.append(paging.widget)
        column.append(list)
        column.valign = .end // few messages sit at the bottom, as in a messenger
        scroller.add(column)
        list.scrollsFocus(with: adjustment)

        content = ContentOrStatus(content: scroller)

        entry.hexpand = true
        entry.accessibleName = "Message"
        let composer = Box(.horizontal, spacing: 6)
        composer.addStyleClass("messages-composer")
        composer.setMargins(8)
        composer.append(entry, expand: true)
        composer.append(sendButton)

        let page = Box(.vertical)
        page.append(header)
        page.append(Separator(.horizontal))
        page.append(notice.widget)
        page.append(content.widget, expand: true)
        page.append(Separator(.horizontal))
        page.append(composer)
        page.hexpand = true
        page.vexpand = true
        widget = page
        page.showAll()

        adjustment.onValueChanged { [weak self] in self?.userScrolled() }
        adjustment.onExtentChanged { [weak self] in self?.keepPosition() }
        scroller.onSizeAllocate { [weak self] rect in self?.widthChanged(rect.width) }
        list.onRowActivated { [weak self] index in
            guard let self, self.rows.indices.contains(index) else { return }
            let message = self.rows[index].message
            self.open(message, self.avatarURL(for: message))
        }
        entry.onActivate { [weak self] in self?.send() }
        sendButton.onClicked { [weak self] in self?.send() }
        topRetry.onClicked { [weak self] in self?.retry() }
        placeholderRetry.onClicked { [weak self] in self?.retry() }
        notice.onDismiss = { [weak self] in self?.model.dismissNotice() }
        model.onChange = { [weak self] state, change in self?.render(state, change) }
        // Once its window is gone, the page takes no more updates (late replies would find its
        // widgets destroyed).
        widget.onDestroy { [weak model] in model?.onChange = nil }
        // Local messages show at once; the network is asked once the backend answers.
        Task { [weak self] in await self?.model.start() }
        Task { [weak self] in
            let resolved = await backend()
            guard let self else { return }
            self.backend = resolved
            for row in self.rows { row.bindAvatar(self.avatarURL(for: row.message)) }
        }
        entry.onMap { [weak self] in self?.entry.grabFocus() }
    }

    private func avatarURL(for message: ChatMessage) -> URL? {
        backend?.avatar(message.avatarNumber)
    }

    // MARK: Rendering

    private func render(_ state: MessagesViewModel.State, _ change: MessagesViewModel.Change?) {
        switch change {
        case .reloaded?:
            rows.forEach { list.remove($0.row) }
            rows = state.visible.map { makeRow($0, reveal: false) }
            rows.forEach { list.append($0.row) }
        case .prepended(let count)?:
            // A fling in progress would keep moving from where it was: stop it for the insert.
            scroller.kineticScrolling = false
            let added = state.visible.prefix(count).map { makeRow($0, reveal: false) }
            for (index, row) in added.enumerated() { list.insert(row.row, at: index) }
            rows.insert(contentsOf: added, at: 0)
            DispatchQueue.main.async { [weak self] in self?.scroller.kineticScrolling = true }
        case .appended?:
            if let message = state.visible.last {
                let row = makeRow(message, reveal: true)
                rows.append(row)
                list.append(row.row)
                followsBottom = true
                row.reveal()
            }
        case .removed(let index)?:
            if rows.indices.contains(index) {
                let removed = rows.remove(at: index)
                let hadFocus = removed.row.containsFocus
                list.remove(removed.row)
                // The focus goes to the row that took its place (or the one above, at the end).
                if hadFocus, !rows.isEmpty { rows[min(index, rows.count - 1)].row.grabFocus() }
            }
        case nil:
            break
        }
        if rows.map(\.message) != state.visible { // never out of step with the model
            rows.forEach { list.remove($0.row) }
            rows = state.visible.map { makeRow($0, reveal: false) }
            rows.forEach { list.append($0.row) }
        }
        paging.show(state.paging)
        notice.show(state.notice)
        if state.firstPageFailed, case .failed(let reason) = state.paging {
            content.show(.failure(title: "Messages could not be loaded", reason: reason))
        } else {
            content.show(.content, animated: false)
        }
        started = state.localLoaded
        DispatchQueue.main.async { [weak self] in self?.loadOlderIfNearTop() }
    }

    private func makeRow(_ message: ChatMessage, reveal: Bool) -> MessageRow {
        let row = MessageRow(message: message, pipeline: pipeline, reveal: reveal && ThemeSettings().animationsEnabled)
        row.bindAvatar(avatarURL(for: message))
        return row
    }

    // MARK: Scrolling

    private func userScrolled() {
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
    private func widthChanged(_ width: Int) {
        guard width != laidOutWidth else { return }
        laidOutWidth = width
        rehydration.schedule()
    }

    /// The content's extent changed: the view goes back to where the user was looking.
    private func keepPosition() {
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
    private func loadOlderIfNearTop() {
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

    // MARK: Intents

    /// A failed send keeps the text in the entry (the notice says why) so nothing typed is lost.
    private func send() {
        let text = entry.text
        Task { [weak self] in
            guard let self, await self.model.send(text) else { return }
            if self.entry.text == text { self.entry.text = "" }
            self.entry.grabFocus()
        }
    }

    private func retry() {
        Task { await model.retry() }
    }

    public var isSettled: Bool {
        model.state.localLoaded && model.state.paging != .loading && (model.state.timeline.nextOffset > 0 || model.state.paging != .idle)
            && rows.allSatisfy { $0.avatar.content != .icon(ImageView.placeholderIcon) }
    }
    /// The newest message's detail page.
    public var screenshotScenes: [ScreenshotScene] {
        [ScreenshotScene(name: "messages-detail") { [weak self] in
            guard let self, self.scroller.isMapped, let last = self.rows.last else { return }
            self.open(last.message, self.avatarURL(for: last.message))
        }]
    }

    var topState: String? { paging.state }
    var isPlaceholderShown: Bool { content.isFailureShown }
}
