/// Rows of equal centred squares, as many columns as fit (the feed), answered by arithmetic.
public struct SquareGridLayout: ItemLayout, Equatable {
    public let spacing: Double
    public let minimumSide: Double
    public let maximumSide: Double
    public private(set) var width = 0.0
    public private(set) var count = 0
    public private(set) var columns = 1
    /// The side of every square.
    public private(set) var side = 0.0
    /// Empty places for posts let go above, so nothing moves and the scroll bar stays true.
    public var emptyBefore = 0

    public init(spacing: Double, minimumSide: Double, maximumSide: Double) {
        self.spacing = spacing
        self.minimumSide = minimumSide
        self.maximumSide = maximumSide
    }

    public mutating func prepare(width: Double, count: Int, viewHeight: Double) {
        self.count = count
        guard width != self.width else { return }
        self.width = width
        let columns = CardLayout(width: width, spacing: spacing, minimumColumnWidth: minimumSide, maximumColumnWidth: maximumSide)
        self.columns = columns.columns
        side = columns.columnWidth
    }

    public var itemsAcross: Int { columns }
    private var rows: Int { (emptyBefore + count + columns - 1) / columns }
    private var pitch: Double { side + spacing }
    public var contentHeight: Double { spacing + Double(rows) * pitch }

    public func frame(at index: Int) -> Frame {
        let slot = emptyBefore + index
        let used = Double(columns) * pitch + spacing
        let left = ((width - used) / 2).rounded(.down)
        return Frame(x: left + spacing + Double(slot % columns) * pitch,
                     y: spacing + Double(slot / columns) * pitch, width: side, height: side)
    }

    /// The place (counting the empty ones) that starts the row at `y`.
    public func place(at y: Double) -> Int {
        guard pitch > 0 else { return 0 }
        return max(0, Int(((y - spacing) / pitch).rounded(.down))) * columns
    }

    public func indices(from top: Double, to bottom: Double) -> Range<Int> {
        guard count > 0, pitch > 0, bottom > top else { return 0..<0 }
        let firstRow = max(0, Int(((top - spacing) / pitch).rounded(.down)))
        // The last row whose top is above `bottom` (the row after it starts at or below it).
        let lastRow = max(firstRow, Int(((bottom - spacing) / pitch).rounded(.up)) - 1)
        let first = min(count, max(0, firstRow * columns - emptyBefore))
        return first..<max(first, min(count, (lastRow + 1) * columns - emptyBefore))
    }
}
