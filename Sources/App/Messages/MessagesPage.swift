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
    var started = false

    /// Whether the view follows the bottom (it is there, or the user just sent a message).
    var followsBottom = true
    /// How far the view's top is from the end of the content, kept across extent changes.
    var distanceFromEnd = 0.0
    /// Set while the page moves the view itself, so that the move is not taken for the user's.
    var adjusting = false

    /// Within this many screens of the top, the next older page is asked for.
    static let loadThreshold = 1.0
    /// Rows within this many screens of the view show their content; rows beyond `keptScreens`
    /// hide it and keep their height (the gap between the two keeps a row from flickering in and
    /// out at the edge).
    static let shownScreens = 2.0
    static let keptScreens = 3.0
    lazy var hydration = CoalescedCall { [weak self] in self?.updateHydration() }
    /// After a width change, every row shows its bubble to be measured again (see `widthChanged`).
    lazy var rehydration = CoalescedCall { [weak self] in
        guard let self else { return }
        for row in self.rows { row.hydrate() }
        self.hydration.schedule()
    }
    var laidOutWidth = 0

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
        notice.onClick = { [weak self] in self?.model.dismissNotice() }
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
