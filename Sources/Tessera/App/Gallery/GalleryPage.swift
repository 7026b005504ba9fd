import Domain
import Features
import Foundation
import Gtk
import ImagePipeline
import Localization

/// The gallery: the items in the seed's mosaic, an Add cell after them, every change animated. Items can be
/// chosen (Ctrl+click, Shift+click, Ctrl+Space, Shift+arrows, Ctrl+A); Delete asks once. Tiles live in a
/// `RecyclingGrid` over `MosaicLayout`.
@MainActor
public final class GalleryPage: SettlingPage, ContentShowingPage, TopScrollingPage, ScreenshotScenes {
    public let title = "Gallery"
    public let widget: Widget
    public let model: GalleryViewModel
    let grid: RecyclingGrid<GalleryTile, MosaicLayout>
    /// The grid, or the document loading or failing to open, with Retry.
    private let content: ContentOrStatus
    /// "Item deleted", Undo: after each change, for a few seconds.
    let undoToast = UndoToast()
    private let dialogs: GalleryDialogs
    let actions = ActionGroup()
    /// The open context menu, kept alive while it shows.
    var contextMenu: ContextMenu?
    /// Told when the number of chosen items changes: the header bar counts them.
    var onChosenChange: (@MainActor () -> Void)?
    private var shownChosenCount = 0

    /// Opens the viewer on the items at an index (the coordinator pushes it).
    var onView: (@MainActor (_ items: [GalleryItem], _ index: Int) -> Void)?
    var onItemsShown: (([GalleryItem]) -> Void)? // once the whole document is in

    public var onPlaceChange: (@MainActor () -> Void)?

    public init(model: GalleryViewModel, pipeline: ImagePipeline, window: @escaping @MainActor () -> Window?) {
        self.model = model
        dialogs = GalleryDialogs(window: window)
        let me = WeakReference<GalleryPage>()
        grid = RecyclingGrid(layout: MosaicLayout(width: 0, spacing: 12)) { entry in
            let tile = GalleryTile(entry: entry, pipeline: pipeline,
                                   isChosen: { me.object?.model.state.selection.contains($0) ?? false },
                                   listIsWhole: { me.object?.model.state.phase != .showingFirst })
            tile.onDelete = { tile in
                guard let page = me.object, let index = page.index(of: tile) else { return }
                page.model.requestDelete(at: index)
            }
            return tile
        }
        let overlay = Overlay(child: grid.widget)
        overlay.addOverlay(undoToast.widget)
        content = ContentOrStatus(content: overlay, iconName: "view-grid-symbolic", initially: .loading(title: tr("Loading…")))
        widget = content.widget
        me.object = self
        grid.onViewMoved = { [weak self] in self?.onPlaceChange?() }
        content.retry.onClicked { [weak self] in
            guard let self else { return }
            Task { await self.model.load() }
        }

        undoToast.onUndo = { [weak self] in
            guard let self else { return }
            Task { await self.model.undo() }
        }
        undoToast.onDismiss = { [weak self] in self?.model.dismissUndo() }
        // Ctrl+Z while the offer shows; Ctrl+V pastes links after the focused item (else at the end).
        widget.onKeyPress { [weak self] key in
            guard let self, key.modifiers == [.control] else { return false }
            switch key.keyName.lowercased() {
            case "z" where self.model.state.undoable != nil:
                Task { await self.model.undo() }
                return true
            case "v":
                self.paste()
                return true
            default:
                return false
            }
        }
        grid.onActivate = { [weak self] tile in self?.activate(tile) }
        grid.onChoose = { [weak self] tile, modifiers in self?.choose(tile, extending: modifiers.contains(.shift)) }
        grid.onContextMenu = { [weak self] tile in self?.openMenu(for: tile) }
        grid.widget.onKeyPress { [weak self] key in self?.handleKey(key) ?? false }
        grid.enableReordering(canMove: { $0 != .add }, onMove: { [weak self] source, destination in
            guard let self else { return }
            Task { await self.model.move(from: source, to: destination) }
        }, onDropIn: { [weak self] dropped, index in
            guard let self else { return false }
            Task {
                await self.model.add(addresses: dropped.uris, text: dropped.uris.isEmpty ? dropped.text : nil,
                                     pictures: dropped.picture.map { [Data($0)] } ?? [], at: index)
            }
            return true
        })
        registerMenuActions()
        model.onChange = { [weak self] state, change in self?.render(state, change) }
        // Late replies must not reach destroyed widgets.
        widget.onDestroy { [weak model] in model?.onChange = nil }
        dialogs.onDeleteAnswer = { [weak self] yes in
            guard let self else { return }
            if yes { Task { await self.model.confirmDelete() } } else { self.model.dismissNotice() }
        }
        dialogs.onDismiss = { [weak self] in self?.model.dismissNotice() }
        dialogs.onView = { [weak self] uuid in
            guard let self, let index = self.model.state.items.firstIndex(where: { $0.uuid == uuid }) else { return }
            self.view(at: index)
        }
        dialogs.onLink = { [weak self] link in
            guard let self else { return nil }
            if case .failure(let failure) = LinkValidation.validate(link) { return failure.description }
            Task { await self.model.add(link: link) }
            return nil
        }
        Task { await model.load() }
        // Pictures are asked for once drawn; network ones wait for the backend in the pipeline's client.
        content.widget.onNextDraw { [weak self] in self?.grid.isReady = true }
    }

    // MARK: Rendering

    private func render(_ state: GalleryViewModel.State, _ change: GalleryViewModel.Change?) {
        switch state.phase {
        case .loading:
            content.show(.loading(title: tr("Loading…")))
        case .failed(let message):
            content.show(.failure(title: tr("The gallery could not be opened"), reason: message))
        case .showingFirst, .loaded:
            content.show(.content, animated: false)
        }
        if let change { apply(change, items: state.items, whole: state.phase != .showingFirst) }
        if change != nil, state.phase == .loaded { onItemsShown?(state.items) }
        tiles.forEach { $0.updateChosen() }
        if state.selectedCount != shownChosenCount {
            shownChosenCount = state.selectedCount
            onChosenChange?()
        }
        undoToast.show(state.undoable?.message)
        dialogs.show(state.notice)
        if change == .reloaded, !state.problems.isEmpty {
            dialogs.showProblems(state.problems)
        }
    }

    /// `whole` is false while only the first items are in: the Add cell waits for the rest.
    private func apply(_ change: GalleryViewModel.Change, items: [GalleryItem], whole: Bool) {
        if !applyInPlace(change, items: items) {
            var entries = items.map(GalleryEntry.item)
            if whole { entries.append(.add) }
            grid.setItems(entries, animated: change != .reloaded)
        }
        // A screen reader entering the grid hears how many items it holds (once it knows).
        if whole { grid.canvas.accessibleName = ntr("Gallery, {count} item", "Gallery, {count} items", count: items.count) }
        // The moved item keeps the focus (its tile is the same; a drop gives it the focus).
        if case .moved(_, let destination) = change, items.indices.contains(destination),
           let tile = grid.cell(for: .item(items[destination].uuid)), !tile.view.isFocusWidget {
            tile.view.grabFocus()
        }
    }

    /// One item in, out or moved told to the grid in place, without copying the others; false: not done.
    private func applyInPlace(_ change: GalleryViewModel.Change, items: [GalleryItem]) -> Bool {
        // The grid's items read in place: a copy held here would make the change copy them all.
        let shown = grid.items.count
        func holds(_ item: GalleryItem, at index: Int) -> Bool { grid.items[index].id == .item(item.uuid) }
        switch change {
        case .deleted(let index):
            guard shown == items.count + 2, index <= items.count,
                  index == items.count || holds(items[index], at: index + 1) else { return false }
            grid.remove(at: index, animated: true)
        case .inserted(let index):
            guard shown == items.count, items.indices.contains(index),
                  index == items.count - 1 || holds(items[index + 1], at: index) else { return false }
            grid.insert(.item(items[index]), at: index, animated: true)
        case .moved(let source, let destination):
            guard shown == items.count + 1, (0..<shown).contains(source), items.indices.contains(destination),
                  holds(items[destination], at: source) else { return false }
            grid.move(from: source, to: destination, animated: true)
        case .reloaded, .many:
            return false
        }
        return true
    }

    /// A click, Enter or Space: an item is selected; the Add cell asks for a link.
    private func activate(_ tile: GalleryTile) {
        guard let index = index(of: tile) else { return }
        if tile.entry == .add { dialogs.askForLink() } else { model.select(at: index) }
    }

    /// Ctrl+V: the clipboard's links, picture files or picture come in after the focused item, or last.
    private func paste() {
        let after = grid.focusedCell.flatMap { $0.entry == .add ? nil : index(of: $0) }.map { $0 + 1 }
        Clipboard.requestContents { [weak self] contents in
            guard let self else { return }
            Task {
                await self.model.add(addresses: contents.uris, text: contents.uris.isEmpty ? contents.text : nil,
                                     pictures: contents.picture.map { [Data($0)] } ?? [], at: after)
            }
        }
    }

    /// Ctrl+click or Ctrl+Space toggles the item; with Shift, chooses from the last chosen to this one.
    private func choose(_ tile: GalleryTile, extending: Bool) {
        guard tile.entry != .add, let index = index(of: tile) else { return }
        if extending { model.extendSelection(to: index) } else { model.toggleSelection(at: index) }
    }

    /// Focuses the item at `index` (back from the viewer); the grid scrolls to show it.
    func focus(index: Int) {
        // After the pop has made the grid the visible page again: hidden widgets take no focus.
        DispatchQueue.main.async { [weak self] in self?.grid.focus(index: index) }
    }

    /// Opens the viewer on the item at `index`.
    func view(at index: Int) {
        guard model.state.items.indices.contains(index) else { return }
        // The viewer pages through the whole list: while only the first items show, it waits.
        guard model.state.phase != .showingFirst else {
            Task { [weak self] in
                await self?.model.wholeList()
                self?.view(at: index)
            }
            return
        }
        onView?(model.state.items, index)
    }

    /// The item's index (the Add cell's is the number of items).
    func index(of tile: GalleryTile) -> Int? { grid.index(of: tile.entry.id) }

    // MARK: What tests and benchmarks look at

    /// Three items chosen, the header bar counting them.
    public var screenshotScenes: [ScreenshotScene] {
        [ScreenshotScene(name: "gallery-chosen") { [weak self] in
            guard let self, self.model.state.items.count > 4 else { return }
            self.model.clearSelection()
            for index in [1, 2, 4] { self.model.toggleSelection(at: index) }
        } leave: { [weak self] in self?.model.clearSelection() }]
    }

    /// The tiles that exist now (near the view), in entry order.
    var tiles: [GalleryTile] { grid.cells }
    /// The frames the existing tiles have now, in entry order, in grid coordinates.
    var tileFrames: [Rect] {
        tiles.map { tile in
            let origin = tile.view.origin(in: grid.canvas) ?? (0, 0)
            let size = tile.view.allocatedSize
            return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        }
    }
    /// The frames the mosaic puts them at.
    var expectedFrames: [Rect] {
        tiles.compactMap { grid.index(of: $0.entry.id) }.map { index in
            let frame = grid.layout.frame(at: index)
            return Rect(x: Int(frame.x.rounded()), y: Int(frame.y.rounded()),
                        width: Int(frame.width.rounded()), height: Int(frame.height.rounded()))
        }
    }
    /// How many items the grid shows (the Add cell aside).
    public var cellCount: Int { grid.items.count - (grid.items.last?.id == .add ? 1 : 0) }
    /// Whether every existing tile sits at its mosaic frame now.
    public var isLaidOut: Bool { grid.layout.width > 0 && !tiles.isEmpty && tileFrames == expectedFrames }

    /// Every tile in view shows its picture or its failure.
    public var picturesInViewShown: Bool { content.isSettled && model.state.phase != .loading && grid.isLoaded }
    /// The whole list is in and every tile in view shows its picture.
    public var isSettled: Bool { picturesInViewShown && model.state.phase != .showingFirst }
    /// Tiles in view, each with its picture (or its failure) shown.
    public var showsContentInView: Bool { !model.state.items.isEmpty && isSettled }

    public func scrollToStart() { grid.scrollToStart() }
    /// The pictures of the items' tiles at least partly in view, by item (what each shows).
    public var picturesInView: [(item: String, image: ImageView)] {
        grid.cellsInView.compactMap { tile in tile.entry.item.map { ($0.uuid, tile.image) } }
    }
    var statusTitle: String { content.placeholder.status.view.title }
    var statusDescription: String { content.placeholder.reason }
    var addDialog: Dialog? { dialogs.addDialog }
    var messageDialog: MessageDialog? { dialogs.messageDialog }
    var linkEntry: Entry? { dialogs.linkEntry }
    var linkError: Label? { dialogs.linkError }
    /// The Add cell's tile, when it is near the view.
    var addCell: GalleryTile? { grid.cell(for: .add) }
    /// The tile of the item at `index`, which must be near the view.
    func tile(at index: Int) -> Widget { grid.cell(for: .item(model.state.items[index].uuid))!.view }
    /// Whether the tile of the item at `index` shows its picture (not a placeholder or the broken one).
    func showsPicture(at index: Int) -> Bool { grid.cell(for: .item(model.state.items[index].uuid))?.image.showsImage ?? false }
    func deleteButton(at index: Int) -> Widget { grid.cell(for: .item(model.state.items[index].uuid))!.deleteButton }
}

extension GalleryPage: AddingPage {
    public var addLabel: String { tr("Add item") }
    public var addTooltip: String { tr("Add an item by its image link") }
    public func add() { dialogs.askForLink() }
}

extension GalleryPage: SelectingPage {
    public var chosenCount: Int { model.state.selectedCount }
    public func deleteChosen() { model.requestDeleteSelection() }
    /// The focus goes from the vanishing Cancel button back to the last chosen tile.
    public func clearChosen() {
        let last = model.state.selectedIndices.last
        model.clearSelection()
        if let last { grid.focus(index: last) }
    }
}

extension GalleryPage: ContentFocusingPage {
    public func focusContent(while wanted: @escaping @MainActor () -> Bool) -> Bool { grid.focusFirstInView(while: wanted) }
}
