import Domain

/// The item shown, its zoom and the picture point at the centre, kept for the next launch.
extension ViewerPage: ContentShowingPage {
    public var place: ViewerPlace {
        let viewport = item.kind == .picture ? image.viewport?.place : nil
        let second = item.kind == .clip ? clip.second.map(\.seconds) : nil
        return ViewerPlace(itemID: item.id, zoom: viewport?.zoom ?? image.pendingPlace?.zoom,
                           centerX: viewport?.centerX ?? image.pendingPlace?.centerX ?? 0,
                           centerY: viewport?.centerY ?? image.pendingPlace?.centerY ?? 0,
                           seconds: second.flatMap { $0 > 0 ? $0 : nil })
    }

    /// A longer second kept is not one a clip reached: ignored.
    static let longestClip: Double = 7 * 24 * 3600

    /// The picture sharp at the zoom restored, or the clip ready at its second.
    public var showsContentInView: Bool { isSettled && image.pendingPlace == nil }

    /// Zooms the picture shown as `place` has it, once it is placed; a clip opens paused at its second.
    public func restore(_ place: ViewerPlace) {
        guard place.itemID == item.id else { return }
        switch item.kind {
        case .picture:
            guard let zoom = place.zoom else { return }
            image.pendingPlace = (zoom, place.centerX, place.centerY)
        case .clip:
            guard let seconds = place.seconds, (0...Self.longestClip).contains(seconds) else { return }
            clip.open(at: .seconds(seconds))
        }
    }
}
