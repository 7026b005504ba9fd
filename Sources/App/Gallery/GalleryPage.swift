import Domain
import Features
import Foundation
import Gtk
import ImagePipeline

/// The gallery: the items in the seed's mosaic with an Add cell after them, kept in the JSON
/// document. Every change animates each moved tile from its old frame to its new one.
@MainActor
public final class GalleryPage: SettlingPage {
    public let title = "Gallery"
    public let widget: Widget
    public let model: GalleryViewModel
    /// The tiles in item order.
    private(set) var cells: [GalleryCell] = []
    let addButton: Button
    private let scroller = ScrolledWindow()
    private let canvas = Fixed()
    /// The grid, or the document loading or failing to open, with Retry.
    private let content: ContentOrStatus
    private let pipeline: ImagePipeline
    private let dialogs: GalleryDialogs
    private var layout = MosaicLayout(width: 0, spacing: 12)
    private let animator: TileAnimator
    private let actions = ActionGroup()
    /// The open context menu, kept alive while it shows.
    private(set) var contextMenu: ContextMenu?

    /// Images load once the backend that serves them is ready (the built-in server starts after
    /// the first frame); until then tiles show their placeholder.
    private var imagesEnabled = false

    /// - Parameter backendReady: returns once the backend answers; the page asks only after it
    ///   has first been drawn, so that starting a server never delays the window.
    public init(model: GalleryViewModel, pipeline: ImagePipeline,
                backendReady: @escaping @MainActor () async -> Void = {},
                window: @escaping @MainActor () -> Window?) {
        self.model = model
        self.pipeline = pipeline
        dialogs = GalleryDialogs(window: window)
        addButton = Button(child: Self.addContent())
        addButton.addStyleClass("gallery-add")
        addButton.accessibleName = "Add item"
        addButton.tooltip = "Add an item by its image link"
        let scroller = self.scroller
        animator = TileAnimator(canvas: canvas) { scroller.visibleVerticalRange }
        canvas.put(addButton, x: 0, y: 0)
        scroller.add(canvas)
        content = ContentOrStatus(content: scroller, iconName: "view-grid-symbolic", initially: .loading(title: "Loading…"))
        widget = content.widget
        content.retry.onClicked { [weak self] in
            guard let self else { return }
            Task { await self.model.load() }
        }

        addButton.onClicked { [weak self] in self?.dialogs.askForLink() }
        registerMenuActions()
        scroller.onSizeAllocate { [weak self] rect in self?.widthChanged(rect.width) }
        model.onChange = { [weak self] state, change in self?.render(state, change) }
        // Once its window is gone, the page takes no more updates (late replies would find its
        // widgets destroyed).
        widget.onDestroy { [weak model] in model?.onChange = nil }
        dialogs.onDeleteAnswer = { [weak self] yes in
            guard let self else { return }
            if yes { Task { await self.model.confirmDelete() } } else { self.model.dismissNotice() }
        }
        dialogs.onDismiss = { [weak self] in self?.model.dismissNotice() }
        dialogs.onLink = { [weak self] link in
            guard let self else { return nil }
            if case .failure(let failure) = LinkValidation.validate(link) { return failure.description }
            Task { await self.model.add(link: link) }
            return nil
        }
        Task { await model.load() }
        content.widget.onNextDraw { [weak self] in
            Task { [weak self] in
                await backendReady()
                self?.imagesEnabled = true
                self?.relayout(animated: false)
            }
        }
    }

    private static func addContent() -> Widget {
        let box = Box(.vertical, spacing: 6)
        box.valign = .center
        box.append(Image(iconName: "list-add-symbolic", pixelSize: 32))
        box.append(Label("Add item"))
        return box
    }

    // MARK: Rendering

    private func render(_ state: GalleryViewModel.State, _ change: GalleryViewModel.Change?) {
        switch state.phase {
        case .loading:
            content.show(.loading(title: "Loading…"))
        case .failed(let message):
            content.show(.failure(title: "The gallery could not be opened", reason: message))
        case .loaded:
            content.show(.content, animated: false)
        }
        if let change { apply(change, items: state.items) }
        dialogs.show(state.notice)
        if change == .reloaded, !state.problems.isEmpty {
            dialogs.showProblems(state.problems)
        }
    }

    private func apply(_ change: GalleryViewModel.Change, items: [GalleryItem]) {
        switch change {
        case .reloaded:
            cells.forEach { canvas.remove($0.root) }
            cells = items.map(makeCell)
        case .inserted(let index):
            cells.insert(makeCell(items[index]), at: index)
        case .deleted(let index):
            let cell = cells.remove(at: index)
            canvas.remove(cell.root)
        case .moved(let source, let destination):
            cells.insert(cells.remove(at: source), at: destination)
        }
        relayout(animated: change != .reloaded)
        if case .moved(_, let destination) = change, cells.indices.contains(destination) {
            cells[destination].tile.grabFocus() // the moved item keeps focus
        }
    }

    private func makeCell(_ item: GalleryItem) -> GalleryCell {
        let cell = GalleryCell(item: item, pipeline: pipeline)
        let start = layout.frame(at: cells.count)
        canvas.put(cell.root, x: Int(start.x), y: Int(start.y))
        cell.tile.onClicked { [weak self, weak cell] in
            guard let self, let cell, let index = self.index(of: cell) else { return }
            self.model.select(at: index)
        }
        cell.deleteButton.onClicked { [weak self, weak cell] in
            guard let self, let cell, let index = self.index(of: cell) else { return }
            self.model.requestDelete(at: index)
        }
        cell.tile.onKeyPress { [weak self, weak cell] event in
            guard let self, let cell, let index = self.index(of: cell) else { return false }
            return self.handleKey(event, at: index)
        }
        // Reorder by dragging a tile onto another: the payload is the dragged item's index.
        DragAndDrop.makeSource(cell.tile) { [weak self, weak cell] in
            guard let self, let cell, let index = self.index(of: cell) else { return "" }
            return String(index)
        }
        DragAndDrop.makeDestination(cell.tile) { [weak self, weak cell] payload in
            guard let self, let cell, let destination = self.index(of: cell), let source = Int(payload) else { return }
            Task { await self.model.move(from: source, to: destination) }
        }
        // The context menu: right click, long press, the Menu key or Shift+F10.
        cell.tile.onButtonPress { [weak self, weak cell] event in
            guard event.button == 3, let self, let cell else { return false }
            return self.openMenu(for: cell)
        }
        cell.tile.onPopupMenu { [weak self, weak cell] in
            guard let self, let cell else { return false }
            return self.openMenu(for: cell)
        }
        cell.longPress.onPressed { [weak self, weak cell] in
            guard let self, let cell else { return }
            self.openMenu(for: cell)
        }
        return cell
    }

    private func registerMenuActions() {
        let intents: [(String, @MainActor (GalleryPage, Int) -> Void)] = [
            ("open", { page, index in page.model.select(at: index) }),
            ("earlier", { page, index in Task { await page.model.move(from: index, to: index - 1) } }),
            ("later", { page, index in Task { await page.model.move(from: index, to: index + 1) } }),
            ("delete", { page, index in page.model.requestDelete(at: index) }),
        ]
        for (name, intent) in intents {
            let action = Action(name: name, takesString: true)
            action.onActivate { [weak self] argument in
                guard let self, let index = argument.flatMap(Int.init), self.cells.indices.contains(index) else { return }
                intent(self, index)
            }
            actions.add(action)
        }
        widget.insertActionGroup(actions, prefix: "gallery")
    }

    /// Opens Open / Move Earlier / Move Later / Delete for `cell`'s item.
    @discardableResult
    private func openMenu(for cell: GalleryCell) -> Bool {
        guard let index = index(of: cell) else { return false }
        let model = MenuModel()
        model.append("_Open", action: "gallery.open::\(index)")
        if index > 0 { model.append("Move _Earlier", action: "gallery.earlier::\(index)") }
        if index + 1 < cells.count { model.append("Move _Later", action: "gallery.later::\(index)") }
        model.append("_Delete", action: "gallery.delete::\(index)")
        contextMenu?.close()
        let menu = ContextMenu(model: model)
        contextMenu = menu
        menu.popup(over: cell.tile)
        return true
    }

    private func index(of cell: GalleryCell) -> Int? { cells.firstIndex { $0 === cell } }

    /// Alt+arrows move the focused item; Delete asks to delete it.
    private func handleKey(_ event: KeyEvent, at index: Int) -> Bool {
        switch (event.keyName, event.modifiers.contains(.alt)) {
        case ("Delete", false), ("KP_Delete", false):
            model.requestDelete(at: index)
            return true
        case ("Left", true), ("Up", true):
            guard index > 0 else { return true }
            Task { await model.move(from: index, to: index - 1) }
            return true
        case ("Right", true), ("Down", true):
            guard index + 1 < cells.count else { return true }
            Task { await model.move(from: index, to: index + 1) }
            return true
        default:
            return false
        }
    }

    /// Called during GTK's size allocation, where new size requests would be dropped: the
    /// relayout runs right after it.
    private func widthChanged(_ width: Int) {
        guard Double(width) != layout.width else { return }
        layout = MosaicLayout(width: Double(width), spacing: 12)
        DispatchQueue.main.async { [weak self] in self?.relayout(animated: false) }
    }

    /// Puts every tile and the Add cell at its mosaic frame, animating from where it is.
    private func relayout(animated: Bool) {
        let count = cells.count
        for (index, cell) in cells.enumerated() {
            cell.setAccessibleName(position: index + 1, count: count)
        }
        guard layout.width > 0 else { return } // placed once the grid knows its width
        var targets: [(Widget, Frame)] = []
        for (index, cell) in cells.enumerated() {
            let frame = layout.frame(at: index)
            if imagesEnabled { cell.bind(cell.item, side: Int(frame.width)) }
            targets.append((cell.root, frame))
        }
        targets.append((addButton, layout.frame(at: count)))
        canvas.setSizeRequest(width: -1, height: Int(layout.contentHeight(cellCount: count + 1)))
        animator.move(targets, animated: animated && ThemeSettings().animationsEnabled)
    }

    /// The frames the tiles have now, in item order then the Add cell, in grid coordinates.
    var tileFrames: [Rect] {
        (cells.map(\.root) + [addButton]).map { widget in
            let origin = widget.origin(in: canvas) ?? (0, 0)
            let size = widget.allocatedSize
            return Rect(x: origin.x, y: origin.y, width: size.width, height: size.height)
        }
    }
    /// The frames the mosaic puts them at.
    var expectedFrames: [Rect] {
        (0...cells.count).map { index in
            let frame = layout.frame(at: index)
            return Rect(x: Int(frame.x.rounded()), y: Int(frame.y.rounded()),
                        width: Int(frame.width.rounded()), height: Int(frame.height.rounded()))
        }
    }
    var cellCount: Int { cells.count }
    /// Whether every tile and the Add cell sit at their mosaic frames now.
    public var isLaidOut: Bool { layout.width > 0 && tileFrames == expectedFrames }

    public var isSettled: Bool {
        model.state.phase != .loading && cells.allSatisfy { $0.image.content != .icon(ImageView.placeholderIcon) }
    }
    var statusTitle: String { content.placeholder.status.titleLabel.text }
    var statusDescription: String { content.placeholder.reason }
    var addDialog: Dialog? { dialogs.addDialog }
    var messageDialog: MessageDialog? { dialogs.messageDialog }
    var linkEntry: Entry? { dialogs.linkEntry }
    var linkError: Label? { dialogs.linkError }
    func tile(at index: Int) -> Button { cells[index].tile }
    func deleteButton(at index: Int) -> Button { cells[index].deleteButton }
}
