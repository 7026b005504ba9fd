import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Localization
import Scheduling

/// The media feed: paged square tiles opening full-window, with Open and Delete in their menu.
@MainActor
public final class FeedPage: SettlingPage, ContentShowingPage, RefreshablePage, ScreenshotScenes, TopScrollingPage {
    public let title = tr("Feed")
    public let widget: Widget
    public let model: FeedViewModel
    let grid: RecyclingGrid<FeedTile, SquareGridLayout>
    var scroller: ScrolledWindow { grid.widget }
    public var adjustment: Adjustment { grid.adjustment }
    /// Below the grid: a spinner, a failed page's Retry, or the end of the feed.
    private let paging = PagingIndicator(loading: tr("Loading more posts"), failurePrefix: tr("More posts could not be loaded."),
                                         end: tr("You have seen every post"), retryBeside: true)
    var footerRetry: Button { paging.retry }
    var footerError: Label { paging.error }
    /// A first page that failed fills the section, with Retry.
    let content: ContentOrStatus
    /// Above the grid while the backend cannot be reached: the posts shown are saved ones.
    private let banner = NoticeBar(action: tr("Retry"))
    var bannerLabel: Label { banner.label }
    var bannerRetry: Button { banner.button }
    var isBannerVisible: Bool { banner.isShown }
    var placeholderRetry: Button { content.retry }
    /// Over the tiles while a refresh asks for the newest posts.
    let refreshSpinner = Spinner.refreshing()
    private let actions = ActionGroup()
    private(set) var contextMenu: ContextMenu?
    /// The delete confirmation and the delete's outcome.
    private let notices: NoticeDialog<FeedViewModel.Notice>
    var dialog: MessageDialog? { notices.dialog }
    /// Opens the viewer on the posts at an index; the viewer it pushed.
    private let open: @MainActor ([MediaPost], Int) -> ViewerPage?
    /// The feed's server, which the offline notice waits for.
    private let server: @MainActor () async -> URL

    /// Screens ahead of the view that tiles are made and fetched for (none while saving data).
    static let prefetchScreens = 1.0
    /// Within this many screens of the end, the next page is asked for.
    static let loadThreshold = 1.5
    /// Posts held above the view's first, so scrolling back some screens finds them at once.
    static let keptAbove = 400
    /// Posts let go or read back at a time, past `keptAbove`: scrolling to and fro does not churn them.
    static let releaseStep = 200
    /// Within this many screens above the view's top, posts let go are read back.
    static let bringBackScreens = 2.0
    /// The footer's height: room for a spinner or a line of text with Retry beside it.
    static let footerHeight = 64
    /// Squares of 150 to 240 pixels, 6 apart: three columns narrow, a dozen wide.
    public static let layout = SquareGridLayout(spacing: 6, minimumSide: 150, maximumSide: 240)

    public var onPlaceChange: (@MainActor () -> Void)?

    var onPostsShown: (([MediaPost]) -> Void)? // after each change that brought posts
    var awaitedPlace: ListPlace? // the place restored, until its post or as many posts came

    public init(model: FeedViewModel, pipeline: ImagePipeline, backendReady: @escaping @MainActor () async -> Void,
                server: @escaping @MainActor () async -> URL = { Backend.builtIn.feedSelect },
                dataSaving: DataSaving? = nil,
                window: @escaping @MainActor () -> Window?, open: @escaping @MainActor ([MediaPost], Int) -> ViewerPage?) {
        self.model = model
        self.open = open
        self.server = server
        notices = NoticeDialog(window: window, content: Self.content(of:))
        grid = RecyclingGrid(layout: Self.layout, footer: paging.widget, footerHeight: Self.footerHeight) { post in
            FeedTile(post: post, pipeline: pipeline) { dataSaving?.isSaving ?? false }
        }
        // Posts coming in above keep the view unless at the top; only while confirming, since it costs each
        // scroll.
        grid.staysAtEnd = false
        let over = Overlay(child: grid.widget)
        over.addOverlay(refreshSpinner)
        let column = Box(.vertical)
        column.append(banner.widget)
        column.append(over, expand: true)
        content = ContentOrStatus(content: column)
        widget = content.widget

        registerActions()
        // Saving data: no cells (and no pictures) ahead of the view; videos without posters.
        dataSaving?.observe(self) { [weak self] saving in
            guard let self else { return }
            self.grid.margin = saving ? 0 : Self.prefetchScreens
            self.grid.cells.forEach { $0.reload() }
            self.grid.queueLayout()
        }
        grid.onActivate = { [weak self] tile in self?.open(tile.post) }
        grid.onViewMoved = { [weak self] in self?.onPlaceChange?() }
        grid.onContextMenu = { [weak self] tile in self?.openMenu(for: tile) }
        grid.onLayout = { [weak self] in
            self?.loadMoreIfNearEnd()
            // Not within the layout: letting go changes the grid's items.
            self?.memoryCall.schedule()
        }
        notices.onAnswer = { [weak self] notice, response in
            guard let self else { return }
            if case .confirmDelete = notice, response == NoticeDialog<FeedViewModel.Notice>.ok {
                Task { await self.model.confirmDelete() }
            } else {
                self.model.dismissNotice()
            }
        }
        banner.onClick = { [weak self] in
            guard let self else { return }
            Task { await self.model.retry() }
        }
        for retry in [footerRetry, placeholderRetry] {
            retry.onClicked { [weak self] in
                guard let self else { return }
                Task { await self.model.retry() }
            }
        }
        model.onChange = { [weak self] state, change in self?.render(state, change) }
        // Late replies must not reach destroyed widgets.
        widget.onDestroy { [weak model] in model?.onChange = nil }
        // Saved posts show at once; pages asked once the backend answers confirm them from the top.
        Task { [weak self] in await self?.model.showSaved() }
        widget.onNextDraw { [weak self] in // not the grid's: a status shown first hides it until the place comes
            Task(priority: .loading) { [weak self] in
                await backendReady()
                self?.grid.isReady = true
                await self?.model.loadMore()
            }
        }
    }

    // MARK: Rendering

    private func render(_ state: FeedViewModel.State, _ change: FeedViewModel.Change?) {
        // On for the merge that confirms the last saved posts too.
        grid.keepsViewStill = state.isConfirming || change == .merged
        switch change {
        case .appended?:
            grid.setItems(state.posts, animated: false)
        case .removed?:
            // The rest slide into place; focus stays on the post that took the deleted one's place.
            grid.setItems(state.posts, animated: true)
        case .restored?, .merged?:
            grid.setItems(state.posts, animated: false)
        case .released?, .broughtBack?:
            // The posts let go keep their places: the rest stay where they were.
            grid.updateLayout { $0.emptyBefore = state.releasedAbove }
            grid.setItems(state.posts, animated: false)
        case nil:
            break
        }
        if change != nil, !state.posts.isEmpty { onPostsShown?(state.posts) }
        // The footer speaks of the feed's end: not while saved posts below wait to be confirmed.
        paging.show(state.isConfirming ? .idle : state.paging)
        refreshSpinner.showRefreshing(state.isRefreshing)
        if state.receivedAt != nil {
            banner.followNetwork(server: server) { [weak self] in self?.model.networkChanged(available: $0) }
        }
        if state.isOffline, let receivedAt = state.receivedAt {
            banner.showOffline(receivedAt: receivedAt)
        } else {
            banner.show(nil)
        }
        reachPlace(state)
        if case .failed(let reason) = state.paging, state.posts.isEmpty {
            content.show(.failure(title: tr("The feed could not be loaded"), reason: reason))
        } else if awaitedPlace != nil {
            content.show(.loading(title: tr("Loading…")))
        } else {
            content.show(.content, animated: false)
        }
        notices.show(state.notice)
        if change != nil { DispatchQueue.main.async { [weak self] in self?.loadMoreIfNearEnd() } }
    }

    private func open(_ post: MediaPost) {
        guard let index = grid.index(of: post.id) else { return }
        _ = open(model.state.posts, index)
    }

    private func registerActions() {
        let openAction = Action(name: "open", takesString: true)
        openAction.onActivate { [weak self] id in
            guard let self, let index = self.model.state.posts.firstIndex(where: { $0.id == id }) else { return }
            _ = self.open(self.model.state.posts, index)
        }
        let deleteAction = Action(name: "delete", takesString: true)
        deleteAction.onActivate { [weak self] id in
            guard let self, let id else { return }
            self.model.requestDelete(id: id)
        }
        actions.add(openAction)
        actions.add(deleteAction)
        widget.insertActionGroup(actions, prefix: "feed")
    }

    private func openMenu(for tile: FeedTile) {
        let menu = MenuModel()
        menu.append(tr("_Open"), action: "feed.open::\(tile.post.id)")
        menu.append(tr("_Delete"), action: "feed.delete::\(tile.post.id)")
        contextMenu?.close()
        let popup = ContextMenu(model: menu)
        contextMenu = popup
        popup.popup(over: tile.view)
    }

    private static func content(of notice: FeedViewModel.Notice) -> NoticeDialog<FeedViewModel.Notice>.Content {
        switch notice {
        case .confirmDelete(let id):
            NoticeDialog.Content(kind: .question, heading: tr("Delete this post?"),
                                 body: tr("Post {id} will be deleted from the server for everyone.", ["id": id]),
                                 choices: [.init(label: tr("_Cancel"), response: Dialog.cancel),
                                           .init(label: tr("_Delete"), response: NoticeDialog<FeedViewModel.Notice>.ok,
                                                 isDefault: true, style: "destructive-action")])
        case .info(let heading, let body): .message(.info, heading, body)
        case .error(let heading, let reason): .message(.error, heading, reason)
        }
    }

    /// F5, Ctrl+R, the Refresh button: the newest posts asked for again, what shows staying.
    public func refresh() {
        Task(priority: .loading) { await model.refresh() }
    }

    private func loadMoreIfNearEnd() {
        let state = model.state
        guard grid.isReady, state.paging.canLoadMore, adjustment.pageSize > 0 else { return }
        // The next page goes after the confirmed posts, or at the grid's end.
        let next = state.isConfirming && grid.layout.count > state.confirmed
            ? grid.layout.frame(at: state.confirmed).y : adjustment.upper
        let remaining = next - (adjustment.value + adjustment.pageSize)
        guard remaining <= adjustment.pageSize * Self.loadThreshold else { return }
        Task(priority: .loading) { await model.loadMore() }
    }

    private lazy var memoryCall = CoalescedCall { [weak self] in self?.holdMemory() }

    /// Lets go of posts far above the view, and reads back those the view comes near again.
    private func holdMemory() {
        let state = model.state
        guard grid.isReady, adjustment.pageSize > 0, !state.posts.isEmpty else { return }
        let top = adjustment.value, layout = grid.layout
        let reach = top - adjustment.pageSize * Self.bringBackScreens
        if state.releasedAbove > 0, layout.frame(at: 0).y > reach {
            // Down to the view at once after a jump up (the scroll bar dragged, Home).
            let wanted = max(Self.releaseStep, state.releasedAbove - layout.place(at: reach))
            Task(priority: .loading) { await model.bringBack(wanted) }
        } else if let first = layout.indices(from: top, to: top + 1).first,
                  min(first - Self.keptAbove, state.confirmed) >= Self.releaseStep { // not a page at a time while pages confirm
            model.release(before: first - Self.keptAbove)
        }
    }

    /// Focuses `post`'s tile (back from the viewer); the grid scrolls to show it.
    func focus(_ post: MediaPost) {
        // After the pop has made the grid the visible page again: hidden widgets take no focus.
        DispatchQueue.main.async { [weak self] in
            guard let self, let index = self.grid.index(of: post.id) else { return }
            self.grid.focus(index: index)
        }
    }

    public var isSettled: Bool {
        guard content.isSettled, grid.isReady, model.state.paging != .loading else { return false }
        if case .failed = model.state.paging, tiles.isEmpty { return true }
        return grid.isLoaded
    }

    /// Tiles in view show their pictures (a video's tile counts once its poster was tried).
    public var showsContentInView: Bool {
        guard !awaitsPlace else { return false }
        let inView = grid.cellsInView
        return !inView.isEmpty && inView.allSatisfy { $0.isLoaded && ($0.post.kind == .video || $0.image.showsImage) }
    }

    /// The viewer with an image and with a video, an image at 200 % (the first fits at 100 %), and its properties.
    public var screenshotScenes: [ScreenshotScene] {
        [MediaPost.Kind.image, .video].map { kind in
            ScreenshotScene(name: "feed-viewer-\(kind == .image ? "image" : "video")") { [weak self] in
                guard let self, let index = self.model.state.posts.firstIndex(where: { $0.kind == kind }) else { return }
                _ = self.open(self.model.state.posts, index)
            }
        } + [ScreenshotScene(name: "feed-viewer-zoomed") { [weak self] in
            guard let self, let index = self.model.state.posts.firstIndex(where: { $0.kind == .image }) else { return }
            self.open(self.model.state.posts, index)?.image.zoom(to: 2)
        }, ScreenshotScene(name: "feed-viewer-properties") { [weak self] in
            guard let self, let index = self.model.state.posts.firstIndex(where: { $0.kind == .image }) else { return }
            self.open(self.model.state.posts, index)?.toggleProperties()
        }]
    }

    public func scrollToStart() { grid.scrollToStart() }

    /// The tiles showing posts now, in post order (only rows near the view have tiles).
    public var tiles: [FeedTile] { grid.cells }
    /// The tiles at least partly in view.
    public var tilesInView: [FeedTile] { grid.cellsInView }
    /// The tile of `post`, if its row is near the view.
    func tile(of post: MediaPost) -> FeedTile? { grid.cell(for: post.id) }
    /// Every tile made so far, in use or spare.
    var tilesMade: Int { grid.cellsMade }
    var footerState: String? { paging.state }
    var isPlaceholderShown: Bool { content.isFailureShown }
    var tileFrames: [Rect] { grid.cellFrames }
}

extension FeedPage: ContentFocusingPage {
    public func focusContent(while wanted: @escaping @MainActor () -> Bool) -> Bool { grid.focusFirstInView(while: wanted) }
}
