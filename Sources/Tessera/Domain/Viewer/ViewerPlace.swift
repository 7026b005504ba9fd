/// The viewer as it was left: the item; for a picture zoomed in, its zoom and the picture point at the centre; for a
/// clip, its second.
public struct ViewerPlace: Codable, Equatable, Sendable {
    public var itemID: String
    /// Nil: fitted to the view.
    public var zoom: Double?
    public var centerX: Double
    public var centerY: Double
    /// Nil: not a clip, or at its start.
    public var seconds: Double?

    public init(itemID: String, zoom: Double?, centerX: Double, centerY: Double, seconds: Double? = nil) {
        self.itemID = itemID
        self.zoom = zoom
        self.centerX = centerX
        self.centerY = centerY
        self.seconds = seconds
    }
}

