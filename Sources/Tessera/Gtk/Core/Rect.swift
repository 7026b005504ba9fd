import CGtk

/// A rectangle in widget coordinates.
public struct Rect: Equatable, Sendable, CustomStringConvertible {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var description: String { "(\(x), \(y), \(width)x\(height))" }
}
