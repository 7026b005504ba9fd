import Domain
import Gtk
import ImagePipeline

/// One item of the mosaic: its image filling the tile, a delete button in the corner. The tile is
/// a flat button, so it takes focus, and a click, Enter or Space selects it.
@MainActor
final class GalleryCell {
    let root: Overlay
    let tile: Button
    let deleteButton = Button(iconName: "user-trash-symbolic", accessibleName: "Delete")
    let image: ImageView
    /// Kept here: a GTK 3 gesture is not owned by its widget.
    let longPress: LongPressGesture
    private(set) var item: GalleryItem

    init(item: GalleryItem, pipeline: ImagePipeline) {
        self.item = item
        image = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
        tile = Button(child: image.picture)
        tile.addStyleClass("gallery-tile")
        tile.addStyleClass("flat")
        root = Overlay(child: tile)
        longPress = LongPressGesture(on: tile)
        deleteButton.addStyleClass("circular")
        deleteButton.addStyleClass("osd")
        deleteButton.halign = .end
        deleteButton.valign = .start
        deleteButton.setMargins(6)
        root.addOverlay(deleteButton)
        root.showAll()
    }

    /// Shows `item`'s image decoded for a tile of `side` pixels.
    func bind(_ item: GalleryItem, side: Int) {
        let changed = item != self.item
        self.item = item
        if changed || image.boundSize != side, let url = item.imageURL {
            image.bind(ImageRequest(url: url, maximumPixelSize: side, sizing: .fill))
        } else if item.imageURL == nil {
            image.bind(nil)
        }
    }

    func setAccessibleName(position: Int, count: Int) {
        tile.accessibleName = "Item \(position) of \(count), \(item.uuid)"
        deleteButton.accessibleName = "Delete item \(position)"
        tile.tooltip = item.imageUrlString
    }
}
