import Domain

/// The item shown, its zoom and the picture point at the centre, kept for the next launch.
extension ViewerPage: ContentShowingPage {
    public var place: ViewerPlace {
        let viewport = item.kind == .picture ? image.viewport?.place : nil
        return ViewerPlace(itemID: item.id, zoom: viewport?.zoom ?? image.pendingPlace?.zoom,
                           centerX: viewport?.centerX ?? image.pendingPlace?.centerX ?? 0,
                           centerY: viewport?.centerY ?? image.pendingPlace?.centerY ?? 0)
    }

    /// The picture sharp at the zoom restored, or the clip ready.
    public var showsContentInView: Bool { isSettled && image.pendingPlace == nil }

    /// Zooms the picture shown as `place` has it, once it is placed.
    public func restore(_ place: ViewerPlace) {
        guard item.kind == .picture, place.itemID == item.id, let zoom = place.zoom else { return }
        image.pendingPlace = (zoom, place.centerX, place.centerY)
    }
}
