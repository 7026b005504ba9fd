import DequeModule
import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Localization

/// The chat: rows from the bottom, older pages at the top without moving the view, and the composer.
@MainActor
public final class MessagesPage: SettlingPage, ContentShowingPage, ScreenshotScenes, SectionTitledPage {
    public let title = tr("Messages")
    public let widget: Widget
    public let model: MessagesViewModel
    let grid: RecyclingGrid<MessageRow, StackLayout>
    var scroller: ScrolledWindow { grid.widget }
    public var adjustment: Adjustment { grid.adjustment }
    /// The seed's chat name, in Russian in every language.
    public var sectionTitle: String? { "Тестовое задание" } // not translated
    let search = MessageSearchBar()
    /// The message the search (or a quote) showed last, marked for a moment.
    var foundRow: MessageRow?
    /// Its origin (tests).
    var found: ChatMessage.Origin?
    let composer: MessageComposer
    private(set) var pictures: ChatPictures! // attached, dropped and pasted; opened when clicked
    var entry: Entry { composer.entry }
    /// The messages' menu and what it does (`MessagesPage+Menu`).
    let menuActions = ActionGroup()
    var contextMenu: ContextMenu?
    /// The question asked before a link opens whose text is not its address.
    var linkQuestion: MessageDialog?
    /// The window the page is in, for its dialogs.
    let window: @MainActor () -> Window?
    /// The messages chosen to be copied together.
    let choice: MessageChoice
    private(set) var unread: ChatUnread! // Jump to latest, the count over it, and the "New messages" line
    /// Above the messages: a spinner, a failed page's Retry, or the beginning of the conversation.
    let paging = PagingIndicator(loading: tr("Loading older messages"), failurePrefix: tr("Older messages could not be loaded."),
                                         end: tr("Beginning of conversation"), retryBeside: false)
    var topRetry: Button { paging.retry }
    var beginning: Label { paging.end }
    /// The chat, or a failed first page with nothing to show, with Retry.
    let content: ContentOrStatus
    /// A failed send, delete or read of the stored messages, in words.
    let notice = NoticeBar()
    /// Above the list while the backend cannot be reached: the server's messages shown are saved ones.
    let banner = NoticeBar(action: tr("Retry"))
    var bannerLabel: Label { banner.label }
    var bannerRetry: Button { banner.button }
    var isBannerVisible: Bool { banner.isShown }
    var placeholderRetry: Button { content.retry }
    private let open: @MainActor (ChatMessage, URL?) -> Void
    private var backend: Backend?
    /// The backend once it answers (the built-in server's address is known once it started).
    let resolveBackend: @MainActor () async -> Backend
    var started = false
    public var onPlaceChange: (@MainActor () -> Void)?
    /// Whether the draft kept from the last launch was put in the composer (once).
    var draftRestored = false
    /// Lets go of messages far from the view after a layout, not inside it (`MessagesPage+Memory`).
    lazy var memoryCall = CoalescedCall { [weak self] in self?.holdMemory() }

    /// Within this many screens of the top, the next older page is asked for.
    static let loadThreshold = 1.0
    /// Room above the first message for the paging indicator (a line of text and Retry below it).
    static let headerHeight = 96
    /// What a row of one line of text measures; rows not measured yet count as this.
    static let estimatedRowHeight = 56.0

    public init(model: MessagesViewModel, pipeline: ImagePipeline,
                backend: @escaping @MainActor () async -> Backend,
                window: @escaping @MainActor () -> Window? = { nil },
                open: @escaping @MainActor (ChatMessage, URL?) -> Void) {
        self.model = model
        composer = MessageComposer(model: model)
        self.window = window
        self.open = open
        resolveBackend = backend
        let me = WeakReference<MessagesPage>()
        grid = RecyclingGrid(layout: StackLayout(headerHeight: Double(Self.headerHeight), estimatedHeight: Self.estimatedRowHeight),
                             header: paging.widget, headerHeight: Self.headerHeight) { message in
            let row = MessageRow(message: message, pipeline: pipeline, isChosen: { me.object?.choice.chosen.contains($0) ?? false },
                                 isOpenBeside: { me.object?.openBeside == $0 },
                                 senderName: { me.object?.senderNames[$0.avatarNumber] },
                                 isFirstNew: { me.object?.unread.lineOrigin == $0 }) {
                me.object?.avatarURL(for: $0)
            }
            row.onOpenLink = { me.object?.openLink($0, written: $1) }
            row.onOpenQuote = { me.object?.show($0) }
            row.onOpenPicture = { me.object?.pictures.onOpen?($0) }
            return row
        }
        choice = MessageChoice(grid: grid)
        grid.keepsViewStill = true
        grid.isReady = true

        paging.widget.setMargins(12)

        grid.canvas.addStyleClass("messages-list")
        grid.canvas.accessibleName = tr("Messages")
        unread = ChatUnread(grid: grid, model: model)
        pictures = ChatPictures(composer: composer, model: model, dropArea: grid.widget, window: window)
        let overlay = Overlay(child: grid.widget)
        overlay.addOverlay(unread.jumpColumn)
        content = ContentOrStatus(content: overlay)

        let page = Box(.vertical)
        page.append(search.widget)
        page.append(banner.widget)
        page.append(notice.widget)
        page.append(content.widget, expand: true)
        page.append(Separator(.horizontal))
        page.append(composer.widget)
        page.hexpand = true
        page.vexpand = true
        widget = page
        page.showAll()
        me.object = self

        grid.onLayout = { [weak self] in self?.viewMoved() }
        grid.onViewMoved = { [weak self] in self?.onPlaceChange?() }
        grid.onActivate = { [weak self] row in self?.openDetail(of: row.message) }
        grid.onContextMenu = { [weak self] row in self?.openMenu(for: row) }
        registerActions()
        unread.jumpButton.onClicked { [weak self] in self?.jumpToLatest() }
        connectKeys()
        connectSearch()
        topRetry.onClicked { [weak self] in self?.retry() }
        placeholderRetry.onClicked { [weak self] in self?.retry() }
        notice.onClick = { [weak self] in self?.model.dismissNotice() }
        banner.onClick = { [weak self] in self?.retry() }
        model.onChange = { [weak self] state, change in self?.render(state, change) }
        // Late replies must not reach destroyed widgets.
        widget.onDestroy { [weak model] in model?.onChange = nil }
        // Local messages show at once; the network is asked once the backend answers.
        Task { [weak self] in await self?.model.start() }
        Task { [weak self] in
            let resolved = await backend()
            guard let self else { return }
            self.backend = resolved
            for row in self.grid.cells { row.load(side: 0) }
        }
    }

    func avatarURL(for message: ChatMessage) -> URL? {
        backend?.avatar(message.avatarNumber)
    }

    /// People's names by avatar number: a server message's sender is whose avatar it shows.
    var senderNames: [Int: String] = [:] {
        didSet { if senderNames != oldValue { grid.cells.forEach { $0.showSender() } } }
    }

    /// The message whose detail is in the pane beside the chat, whose row shows as selected.
    var openBeside: ChatMessage.Origin? {
        didSet { if openBeside != oldValue { grid.cells.forEach { $0.updateChosen() } } }
    }

    /// Opens `message`'s detail, as a click on its row does.
    func openDetail(of message: ChatMessage) {
        open(message, avatarURL(for: message))
    }

    /// The messages are in the chat (after each change).
    var onMessagesShown: ((_ visible: Deque<ChatMessage>) -> Void)?

    // MARK: Intents

    private func retry() {
        Task { await model.retry() }
    }

    public var isSettled: Bool {
        content.isSettled && model.state.localLoaded && model.state.paging != .loading && (model.state.timeline.nextOffset > 0 || model.state.paging != .idle)
            && grid.isLoaded && !search.isSearching
    }

    /// Rows in view with their avatars, saved or received.
    public var showsContentInView: Bool { !rows.isEmpty && content.isSettled && grid.isLoaded && !grid.awaitsPlace }
    /// The rows that have widgets now (near the view), oldest first.
    var rows: [MessageRow] { grid.cells }
    var topState: String? { paging.state }
    var isPlaceholderShown: Bool { content.isFailureShown }
}
