/// A layout rectangle, origin top left: where a cell goes.
public struct Frame: Equatable, Sendable, CustomStringConvertible {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Whether the point is inside (the left and top edges are, the right and bottom are not).
    public func contains(x: Double, y: Double) -> Bool {
        self.x <= x && x < self.x + width && self.y <= y && y < self.y + height
    }

    public var description: String { "(\(x), \(y), \(width)×\(height))" }
}
