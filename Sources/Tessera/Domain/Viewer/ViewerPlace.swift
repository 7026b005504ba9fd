/// The viewer as it was left: the item, and for a picture zoomed in its zoom and the picture point at the centre.
public struct ViewerPlace: Codable, Equatable, Sendable {
    public var itemID: String
    /// Nil: fitted to the view.
    public var zoom: Double?
    public var centerX: Double
    public var centerY: Double

    public init(itemID: String, zoom: Double?, centerX: Double, centerY: Double) {
        self.itemID = itemID
        self.zoom = zoom
        self.centerX = centerX
        self.centerY = centerY
    }
}

