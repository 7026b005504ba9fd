import Domain
import Features
import Foundation
import Gtk
import ImagePipeline

/// The media feed: a grid of square tiles that grows as the user nears the end (within 1.5
/// screens), one page at a time, with a spinner, an inline Retry or a quiet end below it. A tile
/// opens the post full-window; its context menu (right click, long press, Menu, Shift+F10) has
/// Open and Delete; a deleted tile leaves with the rest closing the gap.
@MainActor
public final class FeedPage: SettlingPage, ScreenshotScenes {
    public let title = "Feed"
    public let widget: Widget
    public let model: FeedViewModel
    private(set) var tiles: [FeedTile] = []
    let scroller = ScrolledWindow()
    let adjustment: Adjustment
    private let canvas = Fixed()
    private let footer = Stack()
    let footerSpinner = Spinner()
    let footerRetry = Button(label: "Retry")
    let footerError = Label()
    let endLabel = Label("You have seen every post")
    private var layout = CardLayout(width: 0, spacing: 6)
    private let animator: MosaicAnimator
    private let pipeline: ImagePipeline
    private let posters = VideoPosterCache()
    private let actions = ActionGroup()
    private(set) var contextMenu: ContextMenu?
    private(set) var dialog: MessageDialog?
    private let window: @MainActor () -> Window?
    private let open: @MainActor ([MediaPost], Int) -> Void
    private var ready = false
    private var layoutQueued = false

    /// Within this many screens of the end, the next page is asked for.
    static let loadThreshold = 1.5
    static let footerHeight = 64

    public init(model: FeedViewModel, pipeline: ImagePipeline, backendReady: @escaping @MainActor () async -> Void,
                window: @escaping @MainActor () -> Window?, open: @escaping @MainActor ([MediaPost], Int) -> Void) {
        self.model = model
        self.pipeline = pipeline
        self.window = window
        self.open = open
        adjustment = scroller.verticalAdjustment()
        let scroller = self.scroller
        animator = MosaicAnimator(canvas: canvas) { scroller.visibleVerticalRange }
        canvas.scrollsFocus(with: adjustment)

        footerSpinner.setSizeRequest(width: 24, height: 24)
        footerSpinner.accessibleName = "Loading more posts"
        footerError.wraps = true
        footerError.addStyleClass("dim-label")
        let retryBox = Box(.horizontal, spacing: 12)
        retryBox.halign = .center
        retryBox.append(footerError)
        retryBox.append(footerRetry)
        endLabel.addStyleClass("dim-label")
        footer.addNamed(Box(.vertical), name: "idle")
        footer.addNamed(footerSpinner, name: "loading")
        footer.addNamed(retryBox, name: "failed")
        footer.addNamed(endLabel, name: "end")
        canvas.put(footer, x: 0, y: 0)
        scroller.add(canvas)
        scroller.hexpand = true
        scroller.vexpand = true
        widget = scroller
        scroller.showAll()

        registerActions()
        footerRetry.onClicked { [weak self] in
            guard let self else { return }
            Task { await self.model.retry() }
        }
        scroller.onSizeAllocate { [weak self] rect in self?.widthChanged(rect.width) }
        adjustment.onValueChanged { [weak self] in self?.loadMoreIfNearEnd() }
        model.onChange = { [weak self] state, change in self?.render(state, change) }
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
        case .appended(let start)?:
            for post in state.posts[start...] { tiles.append(makeTile(post)) }
            queueLayout(animated: false)
        case .removed(let index)?:
            if tiles.indices.contains(index) {
                let tile = tiles.remove(at: index)
                canvas.remove(tile.button)
                queueLayout(animated: true)
                // Focus stays in the grid, on the post that took the deleted one's place.
                if tiles.indices.contains(index) { tiles[index].button.grabFocus() } else { tiles.last?.button.grabFocus() }
            }
        case nil:
            break
        }
        switch state.paging {
        case .idle: footer.setVisibleChild(named: "idle", transition: .none)
        case .loading: footer.setVisibleChild(named: "loading", transition: .none)
        case .failed(let reason):
            footerError.text = "More posts could not be loaded. \(reason)"
            footer.setVisibleChild(named: "failed", transition: .none)
        case .end: footer.setVisibleChild(named: "end", transition: .none)
        }
        footerSpinner.isSpinning = state.paging == .loading
        show(state.notice)
        if change != nil { DispatchQueue.main.async { [weak self] in self?.loadMoreIfNearEnd() } }
    }

    private func makeTile(_ post: MediaPost) -> FeedTile {
        let tile = FeedTile(post: post, pipeline: pipeline)
        canvas.put(tile.button, x: 0, y: 0)
        tile.button.onClicked { [weak self, weak tile] in
            guard let self, let tile, let index = self.index(of: tile) else { return }
            self.open(self.model.state.posts, index)
        }
        tile.button.onButtonPress { [weak self, weak tile] event in
            guard event.button == 3, let self, let tile else { return false }
            return self.openMenu(for: tile)
        }
        tile.button.onPopupMenu { [weak self, weak tile] in
            guard let self, let tile else { return false }
            return self.openMenu(for: tile)
        }
        tile.longPress.onPressed { [weak self, weak tile] in
            guard let self, let tile else { return }
            self.openMenu(for: tile)
        }
        return tile
    }

    private func index(of tile: FeedTile) -> Int? { tiles.firstIndex { $0 === tile } }

    private func registerActions() {
        let openAction = Action(name: "open", takesString: true)
        openAction.onActivate { [weak self] id in
            guard let self, let index = self.tiles.firstIndex(where: { $0.post.id == id }) else { return }
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
        popup.popup(over: tile.button)
        return true
    }

    private var shownNotice: FeedViewModel.Notice?

    private func show(_ notice: FeedViewModel.Notice?) {
        guard notice != shownNotice else { return }
        shownNotice = notice
        dialog?.hide()
        dialog = nil
        guard let notice else { return }
        let made: MessageDialog
        switch notice {
        case .confirmDelete(let id):
            made = MessageDialog(parent: window(), kind: .question, text: "Delete this post?",
                                 secondaryText: "Post \(id) will be deleted from the server for everyone.")
            made.addButton("_Cancel", response: Dialog.cancel)
            made.addButton("_Delete", response: 1, isDefault: true, style: "destructive-action")
            made.onResponse { [weak self] response in
                guard let self else { return }
                self.shownNotice = nil
                if response == 1 { Task { await self.model.confirmDelete() } } else { self.model.dismissNotice() }
            }
        case .info(let text), .error(let text):
            made = MessageDialog(parent: window(), kind: notice == .info(text) ? .info : .error, text: text)
            made.addButton("_OK", response: 1, isDefault: true)
            made.onResponse { [weak self] _ in
                self?.shownNotice = nil
                self?.model.dismissNotice()
            }
        }
        dialog = made
        made.present()
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
        guard !layoutQueued else { return }
        layoutQueued = true
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            self.layoutQueued = false
            let animated = self.pendingAnimation
            self.pendingAnimation = false
            self.relayout(animated: animated)
        }
    }

    private func relayout(animated: Bool) {
        guard layout.width > 0 else { return }
        let side = layout.columnWidth
        let frames = layout.frames(heights: Array(repeating: side, count: tiles.count))
        var targets: [(Widget, MosaicLayout.Frame)] = []
        for (tile, frame) in zip(tiles, frames) {
            tile.button.setSizeRequest(width: Int(side), height: Int(side))
            if ready { tile.bind(side: Int(side), posters: posters) }
            targets.append((tile.button, frame))
        }
        let bottom = layout.contentHeight(frames)
        footer.setSizeRequest(width: Int(layout.width), height: Self.footerHeight)
        targets.append((footer, MosaicLayout.Frame(x: 0, y: bottom, width: layout.width, height: Double(Self.footerHeight))))
        canvas.setSizeRequest(width: -1, height: Int(bottom) + Self.footerHeight)
        animator.move(targets, animated: animated && ThemeSettings().animationsEnabled)
        loadMoreIfNearEnd()
    }

    private func loadMoreIfNearEnd() {
        guard ready, model.state.paging == .idle, adjustment.pageSize > 0 else { return }
        let remaining = adjustment.upper - (adjustment.value + adjustment.pageSize)
        guard remaining <= adjustment.pageSize * Self.loadThreshold else { return }
        Task { await model.loadMore() }
    }

    /// Focuses `post`'s tile (back from the viewer); the grid scrolls to show it.
    func focus(_ post: MediaPost) {
        // After the pop has made the grid the visible page again: hidden widgets take no focus.
        DispatchQueue.main.async { [weak self] in
            self?.tiles.first { $0.post.id == post.id }?.button.grabFocus()
        }
    }

    public var isSettled: Bool {
        guard ready, model.state.paging != .loading else { return false }
        if case .failed = model.state.paging, tiles.isEmpty { return true }
        let view = (adjustment.value, adjustment.value + adjustment.pageSize)
        return zip(tiles, layout.frames(heights: Array(repeating: layout.columnWidth, count: tiles.count))).allSatisfy { tile, frame in
            frame.y > view.1 || frame.y + frame.height < view.0 || tile.isLoaded
        }
    }
    /// The viewer with an image and with a video.
    public var screenshotScenes: [ScreenshotScene] {
        [MediaPost.Kind.image, .video].map { kind in
            ScreenshotScene(name: "feed-viewer-\(kind == .image ? "image" : "video")") { [weak self] in
                guard let self, let index = self.tiles.firstIndex(where: { $0.post.kind == kind }) else { return }
                self.open(self.model.state.posts, index)
            }
        }
    }

    var footerState: String? { footer.visibleChildName }
    var tileFrames: [Rect] {
        tiles.map { tile in
            let origin = tile.button.origin(in: canvas) ?? (0, 0)
            let size = tile.button.allocatedSize
            return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        }
    }
}
