/// Rows of one height across the width less margins, at most `maximumWidth` and centred (people),
/// answered by arithmetic.
public struct RowListLayout: ItemLayout, Equatable {
    public let rowHeight: Double
    /// Room above the first row and below the last.
    public let top: Double
    public let bottom: Double
    /// Room left and right of the rows.
    public let side: Double
    /// The rows' widest (as a clamp keeps lists readable in a wide window); nil: no limit.
    public let maximumWidth: Double?
    public private(set) var width = 0.0
    public private(set) var count = 0

    public init(rowHeight: Double, top: Double, bottom: Double, side: Double, maximumWidth: Double? = nil) {
        self.rowHeight = rowHeight
        self.top = top
        self.bottom = bottom
        self.side = side
        self.maximumWidth = maximumWidth
    }

    public mutating func prepare(width: Double, count: Int, viewHeight: Double) {
        self.width = width
        self.count = count
    }

    public var itemsAcross: Int { 1 }
    public var leftAndRightMove: Bool { false }
    public var contentHeight: Double { count == 0 ? 0 : top + Double(count) * rowHeight + bottom }

    public func frame(at index: Int) -> Frame {
        let across = min(max(0, width - 2 * side), maximumWidth ?? .infinity)
        return Frame(x: ((width - across) / 2).rounded(.down), y: top + Double(index) * rowHeight, width: across, height: rowHeight)
    }

    public func indices(from top: Double, to bottom: Double) -> Range<Int> {
        guard count > 0, rowHeight > 0, bottom > top else { return 0..<0 }
        let first = max(0, Int(((top - self.top) / rowHeight).rounded(.down)))
        // The last row whose top is above `bottom`.
        let last = Int(((bottom - self.top) / rowHeight).rounded(.up)) - 1
        guard last >= first else { return 0..<0 }
        return min(count, first)..<min(count, last + 1)
    }
}
