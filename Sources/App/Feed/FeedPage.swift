import Domain
import Features
import Foundation
import Gtk
import ImagePipeline

/// The media feed: a grid of square tiles that grows as the user nears the end (within 1.5
/// screens), one page at a time, with a spinner, an inline Retry or a quiet end below it. A tile
/// opens the post full-window; its context menu (right click, long press, Menu, Shift+F10) has
/// Open and Delete; a deleted tile leaves with the rest closing the gap.
///
/// A feed can grow without end, so only the rows in view and a screen around them have tiles:
/// tiles are reused for the posts that scroll into their place, and the grid's height is worked
/// out from the number of posts. Appending a page or scrolling costs the same at the thousandth
/// page as at the first.
@MainActor
public final class FeedPage: SettlingPage, ScreenshotScenes {
    public let title = "Feed"
    public let widget: Widget
    public let model: FeedViewModel
    /// The tiles showing posts now, by post id; spare tiles wait in `spare`.
    private var assigned: [String: FeedTile] = [:]
    private var spare: [FeedTile] = []
    let scroller = ScrolledWindow()
    public let adjustment: Adjustment
    /// The grid. It has a window of its own and hit-tests pointer events for the tiles, which have
    /// none (see FeedTile).
    private let canvas = Fixed(ownWindow: true)
    private let longPress: LongPressGesture
    /// The tile under a button-1 press, opened if the release is on it too.
    private var pressed: FeedTile?
    /// The tile under the pointer, shown highlighted (tiles have no window to learn it from GTK).
    private var hovered: FeedTile? {
        didSet {
            guard hovered !== oldValue else { return }
            oldValue?.view.isHovered = false
            hovered?.view.isHovered = true
        }
    }
    /// Below the grid: a spinner, a failed page's Retry, or the end of the feed.
    private let paging = PagingIndicator(loading: "Loading more posts", failurePrefix: "More posts could not be loaded.",
                                         end: "You have seen every post", retryBeside: true)
    var footerRetry: Button { paging.retry }
    var footerError: Label { paging.error }
    /// A first page that failed fills the section, with Retry.
    private let content: ContentOrStatus
    var placeholderRetry: Button { content.retry }
    private var layout = CardLayout(width: 0, spacing: 6)
    private let animator: MosaicAnimator
    private let pipeline: ImagePipeline
    private let actions = ActionGroup()
    private(set) var contextMenu: ContextMenu?
    /// The delete confirmation and the delete's outcome.
    private let notices: NoticeDialog<FeedViewModel.Notice>
    var dialog: MessageDialog? { notices.dialog }
    private let open: @MainActor ([MediaPost], Int) -> Void
    private var ready = false
    private lazy var layoutCall = CoalescedCall { [weak self] in
        guard let self else { return }
        let animated = self.pendingAnimation
        self.pendingAnimation = false
        self.relayout(animated: animated)
    }

    /// Within this many screens of the end, the next page is asked for.
    static let loadThreshold = 1.5
    static let footerHeight = 64

    public init(model: FeedViewModel, pipeline: ImagePipeline, backendReady: @escaping @MainActor () async -> Void,
                window: @escaping @MainActor () -> Window?, open: @escaping @MainActor ([MediaPost], Int) -> Void) {
        self.model = model
        self.pipeline = pipeline
        self.open = open
        notices = NoticeDialog(window: window, content: Self.content(of:))
        adjustment = scroller.verticalAdjustment()
        let scroller = self.scroller
        animator = MosaicAnimator(canvas: canvas) { scroller.visibleVerticalRange }
        canvas.scrollsFocus(with: adjustment)
        longPress = LongPressGesture(on: canvas)

        canvas.put(paging.widget, x: 0, y: 0)
        scroller.add(canvas)
        scroller.hexpand = true
        scroller.vexpand = true
        content = ContentOrStatus(content: scroller)
        widget = content.widget

        registerActions()
        listenToPointer()
        notices.onAnswer = { [weak self] notice, response in
            guard let self else { return }
            if case .confirmDelete = notice, response == NoticeDialog<FeedViewModel.Notice>.ok {
                Task { await self.model.confirmDelete() }
            } else {
                self.model.dismissNotice()
            }
        }
        for retry in [footerRetry, placeholderRetry] {
            retry.onClicked { [weak self] in
                guard let self else { return }
                Task { await self.model.retry() }
            }
        }
        scroller.onSizeAllocate { [weak self] rect in self?.widthChanged(rect.width) }
        adjustment.onValueChanged { [weak self] in self?.scrolled() }
        model.onChange = { [weak self] state, change in self?.render(state, change) }
        // Once its window is gone, the page takes no more updates (late replies would find its
        // widgets destroyed).
        widget.onDestroy { [weak model] in model?.onChange = nil }
        scroller.onNextDraw { [weak self] in
            Task { [weak self] in
                await backendReady()
                self?.ready = true
                await self?.model.loadMore()
            }
        }
    }

    // MARK: Rendering

    private func render(_ state: FeedViewModel.State, _ change: FeedViewModel.Change?) {
        switch change {
        case .appended?:
            queueLayout(animated: false)
        case .removed(let index)?:
            let hadFocus = assigned.values.contains { $0.view.isFocusWidget }
            // The deleted post's tile goes back to the spares; the rest slide into place.
            for (id, tile) in assigned where !state.posts.contains(where: { $0.id == id }) {
                assigned[id] = nil
                retire(tile)
            }
            relayout(animated: true)
            if hadFocus {
                // Focus stays in the grid, on the post that took the deleted one's place.
                let next = state.posts.indices.contains(index) ? state.posts[index] : state.posts.last
                if let next { assigned[next.id]?.view.grabFocus() }
            }
        case nil:
            break
        }
        paging.show(state.paging)
        if case .failed(let reason) = state.paging, state.posts.isEmpty {
            content.show(.failure(title: "The feed could not be loaded", reason: reason))
        } else {
            content.show(.content, animated: false)
        }
        notices.show(state.notice)
        if change != nil { DispatchQueue.main.async { [weak self] in self?.loadMoreIfNearEnd() } }
    }

    private func makeTile(_ post: MediaPost) -> FeedTile {
        let tile = FeedTile(post: post, pipeline: pipeline)
        canvas.put(tile.view, x: 0, y: 0)
        tile.onActivate = { [weak self] tile in
            guard let self, let index = self.index(of: tile.post) else { return }
            self.open(self.model.state.posts, index)
        }
        tile.view.onPopupMenu { [weak self, weak tile] in
            guard let self, let tile else { return false }
            return self.openMenu(for: tile)
        }
        return tile
    }

    /// Clicks open the tile under the pointer (press and release on the same tile, as a button
    /// does); a right click or a long press opens its menu. Either focuses the tile first. The
    /// tile under the pointer is highlighted.
    private func listenToPointer() {
        canvas.onButtonPress { [weak self] event in
            guard let self, !event.isDoubleClick, let tile = self.tile(atX: event.x, y: event.y) else { return false }
            tile.view.grabFocus()
            switch event.button {
            case 1: self.pressed = tile
            case 3: self.pressed = nil; return self.openMenu(for: tile)
            default: return false
            }
            return true
        }
        canvas.onButtonRelease { [weak self] event in
            guard let self, event.button == 1, let pressed = self.pressed else { return false }
            self.pressed = nil
            guard self.tile(atX: event.x, y: event.y) === pressed else { return false }
            pressed.onActivate?(pressed)
            return true
        }
        canvas.onPointerMotion { [weak self] x, y in self?.hovered = self?.tile(atX: x, y: y) }
        canvas.onPointerLeave { [weak self] in self?.hovered = nil }
        longPress.onPressed { [weak self] (x: Double, y: Double) in
            guard let self, let tile = self.tile(atX: x, y: y) else { return }
            self.pressed = nil
            tile.view.grabFocus()
            self.openMenu(for: tile)
        }
    }

    /// The tile under a point in the grid's coordinates.
    private func tile(atX x: Double, y: Double) -> FeedTile? {
        assigned.values.first { tile in
            let frame = tile.view.allocation
            return Double(frame.x) <= x && x < Double(frame.x + frame.width) && Double(frame.y) <= y && y < Double(frame.y + frame.height)
        }
    }

    private func index(of post: MediaPost) -> Int? { model.state.posts.firstIndex { $0.id == post.id } }

    /// A tile for `post`: a spare one if there is one, else a new one.
    private func tile(for post: MediaPost) -> FeedTile {
        if let tile = spare.popLast() {
            tile.show(post)
            tile.view.canFocus = true
            return tile
        }
        return makeTile(post)
    }

    /// Spare tiles stay shown but parked left of the grid, out of sight, out of the focus chain
    /// and with nothing to announce: a tile made or shown again costs its first styling and
    /// measuring (tens of milliseconds for a row), which would land in the frame that needs it.
    private func retire(_ tile: FeedTile) {
        if hovered === tile { hovered = nil }
        tile.park()
        tile.view.canFocus = false
        animator.jump(tile.view, to: Frame(x: -4 * max(layout.columnWidth, 100), y: 0,
                                                        width: layout.columnWidth, height: layout.columnWidth))
        spare.append(tile)
    }

    /// Keeps a row of spare tiles ready (made after the current frame), so the first rows that
    /// scroll into range reuse tiles instead of making them.
    private lazy var sparesCall = CoalescedCall { [weak self] in
        guard let self, let post = self.model.state.posts.last else { return }
        while self.spare.count < self.layout.columns { self.retire(self.makeTile(post)) }
    }

    private func keepSparesReady() {
        guard ready, spare.count < layout.columns, !model.state.posts.isEmpty else { return }
        sparesCall.schedule()
    }

    private func registerActions() {
        let openAction = Action(name: "open", takesString: true)
        openAction.onActivate { [weak self] id in
            guard let self, let index = self.model.state.posts.firstIndex(where: { $0.id == id }) else { return }
            self.open(self.model.state.posts, index)
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

    @discardableResult
    private func openMenu(for tile: FeedTile) -> Bool {
        let menu = MenuModel()
        menu.append("_Open", action: "feed.open::\(tile.post.id)")
        menu.append("_Delete", action: "feed.delete::\(tile.post.id)")
        contextMenu?.close()
        let popup = ContextMenu(model: menu)
        contextMenu = popup
        popup.popup(over: tile.view)
        return true
    }

    private static func content(of notice: FeedViewModel.Notice) -> NoticeDialog<FeedViewModel.Notice>.Content {
        switch notice {
        case .confirmDelete(let id):
            NoticeDialog.Content(kind: .question, text: "Delete this post?",
                                 secondaryText: "Post \(id) will be deleted from the server for everyone.",
                                 choices: [.init(label: "_Cancel", response: Dialog.cancel),
                                           .init(label: "_Delete", response: NoticeDialog<FeedViewModel.Notice>.ok,
                                                 isDefault: true, style: "destructive-action")])
        case .info(let text): .message(.info, text)
        case .error(let text): .message(.error, text)
        }
    }

    // MARK: Layout

    private func widthChanged(_ width: Int) {
        guard Double(width) != layout.width else { return }
        layout = CardLayout(width: Double(width), spacing: 6, minimumColumnWidth: 150, maximumColumnWidth: 240)
        queueLayout(animated: false)
    }

    private var pendingAnimation = false

    /// Size requests made during an allocation are dropped: the layout runs right after it.
    private func queueLayout(animated: Bool) {
        pendingAnimation = pendingAnimation || animated
        layoutCall.schedule()
    }

    private var canvasHeight = -1
    /// What the last layout placed: the posts with tiles, how many posts, at what width.
    private var placedRange = 0..<0
    private var placedCount = -1
    private var placedWidth = -1.0

    /// How far beyond the view (in screens) rows keep their tiles.
    static let margin = 1.0

    /// The frame of the post at `index`: rows of equal squares.
    private func frame(at index: Int) -> Frame {
        let side = layout.columnWidth, spacing = layout.spacing
        let used = Double(layout.columns) * (side + spacing) + spacing
        let left = ((layout.width - used) / 2).rounded(.down)
        return Frame(x: left + spacing + Double(index % layout.columns) * (side + spacing),
                                  y: spacing + Double(index / layout.columns) * (side + spacing), width: side, height: side)
    }

    /// Gives tiles to the posts in view (and a screen around), takes them from the rest, and puts
    /// every tile, the footer and the grid's height in place.
    private func relayout(animated: Bool) {
        guard layout.width > 0 else { return }
        let posts = model.state.posts
        let side = layout.columnWidth, row = side + layout.spacing
        let page = max(adjustment.pageSize, 1)
        let top = adjustment.value - page * Self.margin, bottom = adjustment.value + page * (1 + Self.margin)
        let firstRow = max(0, Int((top - layout.spacing) / row))
        let lastRow = max(firstRow, Int(ceil((bottom - layout.spacing) / row)))
        let range = min(posts.count, firstRow * layout.columns)..<min(posts.count, (lastRow + 1) * layout.columns)
        // Scrolling within the same rows changes nothing: most frames end here.
        if !animated, range == placedRange, placedCount == posts.count, placedWidth == layout.width {
            return loadMoreIfNearEnd()
        }
        placedRange = range
        placedCount = posts.count
        placedWidth = layout.width
        let wanted = Set(posts[range].map(\.id))
        // Tiles of rows that left the range go straight to the rows that came in: hiding and
        // showing them again would unmap and remap each one.
        var leaving: [FeedTile] = []
        for (id, tile) in assigned where !wanted.contains(id) && !tile.view.isFocusWidget {
            assigned[id] = nil
            leaving.append(tile)
        }
        var targets: [(Widget, Frame)] = []
        var indexByID: [String: Int] = [:]
        for index in range { indexByID[posts[index].id] = index }
        for index in range where assigned[posts[index].id] == nil {
            let tile: FeedTile
            if let reused = leaving.popLast() {
                reused.show(posts[index])
                tile = reused
            } else {
                tile = self.tile(for: posts[index])
            }
            animator.jump(tile.view, to: frame(at: index))
            assigned[posts[index].id] = tile
        }
        leaving.forEach(retire)
        for (id, tile) in assigned {
            // A focused tile keeps its post even out of range; find its index the slow way then.
            guard let index = indexByID[id] ?? posts.firstIndex(where: { $0.id == id }) else { continue }
            if ready { tile.bind(side: Int(side)) }
            targets.append((tile.view, frame(at: index)))
        }
        let rows = (posts.count + layout.columns - 1) / layout.columns
        let bottomEdge = layout.spacing + Double(rows) * row
        targets.append((paging.widget, Frame(x: 0, y: bottomEdge, width: layout.width, height: Double(Self.footerHeight))))
        // Only when it changes: a size request makes GTK lay the whole grid out again.
        let height = Int(bottomEdge) + Self.footerHeight
        if height != canvasHeight {
            canvasHeight = height
            canvas.setSizeRequest(width: -1, height: height)
        }
        animator.move(targets, animated: animated && ThemeSettings().animationsEnabled)
        keepSparesReady()
        loadMoreIfNearEnd()
    }

    /// Tiles follow the view: rows that come into range get tiles, rows that leave give them up.
    private func scrolled() {
        // The grid moved under a still pointer, which sends no motion: the highlight comes back
        // with the pointer's next move.
        hovered = nil
        relayout(animated: false)
    }

    private func loadMoreIfNearEnd() {
        guard ready, model.state.paging.canLoadMore, adjustment.pageSize > 0 else { return }
        let remaining = adjustment.upper - (adjustment.value + adjustment.pageSize)
        guard remaining <= adjustment.pageSize * Self.loadThreshold else { return }
        Task { await model.loadMore() }
    }

    /// Focuses `post`'s tile (back from the viewer); the grid scrolls to show it.
    func focus(_ post: MediaPost) {
        // After the pop has made the grid the visible page again: hidden widgets take no focus.
        DispatchQueue.main.async { [weak self] in
            guard let self, let index = self.index(of: post) else { return }
            // The viewer may have moved far from where the grid was: bring the post's row into view.
            let frame = self.frame(at: index)
            if frame.y < self.adjustment.value || frame.y + frame.height > self.adjustment.value + self.adjustment.pageSize {
                self.adjustment.value = min(max(0, frame.y - self.layout.spacing), self.adjustment.maximumValue)
            }
            self.relayout(animated: false)
            self.assigned[post.id]?.view.grabFocus()
        }
    }

    public var isSettled: Bool {
        guard ready, model.state.paging != .loading else { return false }
        if case .failed = model.state.paging, tiles.isEmpty { return true }
        let view = (adjustment.value, adjustment.value + adjustment.pageSize)
        return assigned.values.allSatisfy { tile in
            guard let index = index(of: tile.post) else { return true }
            let frame = self.frame(at: index)
            return frame.y > view.1 || frame.y + frame.height < view.0 || tile.isLoaded
        }
    }
    /// The viewer with an image and with a video.
    public var screenshotScenes: [ScreenshotScene] {
        [MediaPost.Kind.image, .video].map { kind in
            ScreenshotScene(name: "feed-viewer-\(kind == .image ? "image" : "video")") { [weak self] in
                guard let self, let index = self.model.state.posts.firstIndex(where: { $0.kind == kind }) else { return }
                self.open(self.model.state.posts, index)
            }
        }
    }

    /// The tiles showing posts now, in post order (only rows near the view have tiles).
    public var tiles: [FeedTile] {
        assigned.values.sorted { (index(of: $0.post) ?? .max) < (index(of: $1.post) ?? .max) }
    }
    /// The tile of `post`, if its row is near the view.
    func tile(of post: MediaPost) -> FeedTile? { assigned[post.id] }
    /// Every tile made so far, in use or spare.
    var tilesMade: Int { assigned.count + spare.count }
    var footerState: String? { paging.state }
    var isPlaceholderShown: Bool { content.isFailureShown }
    var tileFrames: [Rect] {
        tiles.map { tile in
            let origin = tile.view.origin(in: canvas) ?? (0, 0)
            let size = tile.view.allocatedSize
            return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        }
    }
}
