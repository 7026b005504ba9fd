import Domain
import Gtk
import ImagePipeline
import Localization

/// What a cell of the mosaic shows: an item, or the Add cell after the last one.
enum GalleryEntry: Identifiable, Equatable {
    case item(GalleryItem)
    case add

    enum ID: Hashable, Sendable {
        case item(String)
        case add
    }

    var id: ID {
        switch self {
        case .item(let item): .item(item.uuid)
        case .add: .add
        }
    }

    var item: GalleryItem? { if case .item(let item) = self { item } else { nil } }
}

/// A reused mosaic cell: an item's image with a delete button, or the Add cell; a windowless button.
@MainActor
final class GalleryTile: RecyclingCell {
    private(set) var entry: GalleryEntry
    var item: GalleryEntry { entry }
    /// The focusable tile.
    let view: Widget
    let image: ImageView
    /// The grid hit-tests a click here by position: the button has no window.
    let deleteButton = Box(.horizontal)
    private let picture: Widget
    private let addContent: Widget
    /// "Add item" under the plus, in the Add cell.
    let addLabel: Label
    private var boundSide = 0
    /// "Item 5 of 12": where the entry is, told by the grid on every layout.
    private var position = (index: -1, count: -1)

    /// Shown at the top left of an item chosen for a bulk action.
    private let chosenMark = Image(iconName: "object-select-symbolic", pixelSize: 16)
    /// Drawn over the picture of a chosen item, which keeps its size.
    private let chosenFrame = Box(.horizontal)
    /// Whether an item (by identifier) is among those chosen; asked whenever the tile shows one.
    private let isChosen: @MainActor (String) -> Bool
    /// Whether this tile's item is among the chosen ones now.
    private(set) var chosen = false
    /// The grid holds every item: not while a large gallery's first items show alone.
    private let listIsWhole: @MainActor () -> Bool

    init(entry: GalleryEntry, pipeline: ImagePipeline, isChosen: @escaping @MainActor (String) -> Bool = { _ in false },
         listIsWhole: @escaping @MainActor () -> Bool = { true }) {
        self.entry = entry
        self.isChosen = isChosen
        self.listIsWhole = listIsWhole
        image = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
        picture = image.picture
        let add = Box(.vertical, spacing: 6)
        // Expanding: with the picture hidden, nothing else widens the layers' one cell to the tile.
        add.hexpand = true
        add.vexpand = true
        add.valign = .center
        add.append(Image(iconName: "list-add-symbolic", pixelSize: 32))
        // Wrapped and centred: the words are longer in some languages than a narrow tile is wide.
        addLabel = Label(tr("Add item"))
        addLabel.wraps = true
        addLabel.setJustification(.center)
        addLabel.xalign = 0.5
        addLabel.setMargins(top: 0, bottom: 0, start: 4, end: 4)
        add.append(addLabel)
        addContent = add
        deleteButton.append(Image(iconName: "user-trash-symbolic", pixelSize: 16))
        deleteButton.addStyleClass("gallery-delete")
        deleteButton.addStyleClass("osd")
        deleteButton.halign = .end
        deleteButton.valign = .start
        deleteButton.setMargins(6)
        deleteButton.announceAsButton()
        // Layered in a grid, not a GtkOverlay; attached first to be drawn on top.
        chosenMark.addStyleClass("gallery-chosen-mark")
        chosenMark.halign = .start
        chosenMark.valign = .start
        chosenMark.setMargins(6)
        chosenFrame.addStyleClass("gallery-chosen-frame")
        let layers = Grid()
        for layer in [chosenMark, deleteButton, chosenFrame, addContent, picture] { layers.attach(layer, column: 0, row: 0) }
        picture.hexpand = true
        picture.vexpand = true
        let view = Box.cellView(holding: layers, styleClass: "gallery-tile")
        self.view = view
        view.announceAsButton()
        view.showAll()
        for part in [picture, addContent, deleteButton, chosenMark, chosenFrame] { part.keepsOwnVisibility = true }
        chosenMark.isVisible = false
        chosenFrame.isVisible = false
        // An item's look first; `show` changes only what differs.
        addContent.isVisible = false
        show(entry)
    }

    /// Shows `entry` in this cell (a recycled cell takes the entry that scrolled into its place).
    func show(_ entry: GalleryEntry) {
        self.entry = entry
        boundSide = 0
        image.bind(nil)
        let isAdd = entry == .add
        // Only what changes: each visibility change makes GTK measure the tile again.
        if addContent.isVisible != isAdd {
            addContent.isVisible = isAdd
            picture.isVisible = !isAdd
            deleteButton.isVisible = !isAdd
            if isAdd { view.addStyleClass("gallery-add") } else { view.removeStyleClass("gallery-add") }
        }
        position = (-1, -1)
        chosen = false
        updateChosen()
        name()
    }

    /// Shows whether the item is among the chosen ones (after the choice changed).
    func updateChosen() {
        let now = entry.item.map { isChosen($0.uuid) } ?? false
        guard now != chosen || chosenMark.isVisible != now else { return }
        chosen = now
        chosenMark.isVisible = now
        chosenFrame.isVisible = now
        name()
    }

    /// Told by the grid on every layout; renames the tile only when its place changed.
    func setPosition(_ index: Int, of count: Int) {
        // The Add cell is an entry, not an item, and absent while the first items show alone.
        let place = (index, listIsWhole() ? count - 1 : -1)
        guard place != position else { return }
        position = place
        name()
    }

    private func name() {
        switch entry {
        case .add:
            view.accessibleName = tr("Add item")
            view.tooltip = tr("Add an item by its image link")
        case .item(let item):
            let name = position.count < 0 ? tr("Item {number}, {uuid}", ["number": String(position.index + 1), "uuid": item.uuid])
                : ntr("Item {number} of {count}, {uuid}", "Item {number} of {count}, {uuid}", count: position.count,
                      ["number": String(position.index + 1), "uuid": item.uuid])
            view.accessibleName = chosen ? tr("{item}, chosen", ["item": name]) : name
            view.tooltip = item.imageUrlString
            deleteButton.accessibleName = tr("Delete item {number}", ["number": String(position.index + 1)])
        }
    }

    func park() {
        boundSide = 0
        image.bind(nil)
        view.accessibleName = ""
        deleteButton.accessibleName = ""
        view.tooltip = nil
    }

    /// Ahead of the view, its picture waits behind those in view for the network and the decoders.
    func setInView(_ inView: Bool) {
        image.priority = inView ? ImageRequest.visible : ImageRequest.prefetch
    }

    func load(side: Int) {
        guard boundSide != side, let item = entry.item else { return }
        boundSide = side
        if let url = item.imageURL {
            image.bind(ImageRequest(url: url, maximumPixelSize: side, sizing: .fill).counted(for: .gallery))
        } else {
            image.bind(nil, placeholder: ImageView.brokenIcon)
        }
    }

    var isLoaded: Bool { entry == .add || (image.content != .icon(ImageView.placeholderIcon) && image.picture.paintsAtItsSize) }

    /// A click on the delete button in the corner asks to delete the item.
    func handleClick(atX x: Double, y: Double) -> Bool {
        // The button shows only under the pointer or with the focus (the stylesheet): nowhere else is it a target.
        guard entry.item != nil, deleteButton.isVisible, view.isHovered || view.isFocusWidget else { return false }
        let frame = deleteButton.allocation, origin = view.allocation
        let left = Double(frame.x - origin.x), top = Double(frame.y - origin.y)
        guard left <= x && x < left + Double(frame.width) && top <= y && y < top + Double(frame.height) else { return false }
        onDelete?(self)
        return true
    }

    /// The delete button was clicked.
    var onDelete: (@MainActor (GalleryTile) -> Void)?
}
