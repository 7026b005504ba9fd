import Domain

/// The feed reopens on the post at its top (saved posts read back at launch reach it offline).
extension FeedPage: PlaceKeepingPage {
    public var listPlace: ListPlace? { grid.topPlace { $0.id } }
    public func restore(_ place: ListPlace) { grid.restore(place) { $0.id } }
}
