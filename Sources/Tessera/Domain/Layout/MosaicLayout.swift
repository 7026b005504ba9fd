/// The seed's mosaic: cell 0 spans 2×2, then rows of three alternating direction; Add is next. Pure.
public struct MosaicLayout: ItemLayout, Equatable {
    public static let columns = 3
    public static let maximumWidth = 960.0

    /// The width available to the grid.
    public private(set) var width: Double
    /// The gap between cells and around the grid.
    public let spacing: Double
    /// How many cells are laid out (items and the Add cell).
    public private(set) var count = 0

    public init(width: Double, spacing: Double = 0) {
        self.width = width
        self.spacing = spacing
    }

    public mutating func prepare(width: Double, count: Int, viewHeight: Double) {
        self.width = width
        self.count = count
    }

    public var itemsAcross: Int { Self.columns }

    /// The grid's own width (at most `maximumWidth`) and its left edge in the available width.
    public var gridWidth: Double { min(width, Self.maximumWidth) }
    public var leftInset: Double { (width - gridWidth) / 2 }

    /// The side of a small cell.
    public var cellSide: Double {
        max(0, (gridWidth - spacing * Double(Self.columns + 1)) / Double(Self.columns))
    }

    /// Column and row of `index` in cell units, and its span (2 for cell 0).
    public static func slot(of index: Int) -> (column: Int, row: Int, span: Int) {
        precondition(index >= 0)
        switch index {
        case 0: return (0, 0, 2)
        case 1: return (2, 0, 1)
        case 2: return (2, 1, 1)
        default:
            let k = index - 3
            let band = k / 3, place = k % 3
            // The first band below the big cell runs right to left, the next left to right, …
            let column = band.isMultiple(of: 2) ? 2 - place : place
            return (column, 2 + band, 1)
        }
    }

    public func frame(at index: Int) -> Frame {
        let (column, row, span) = Self.slot(of: index)
        let side = cellSide, step = cellSide + spacing
        return Frame(x: leftInset + spacing + Double(column) * step,
                     y: spacing + Double(row) * step,
                     width: side * Double(span) + spacing * Double(span - 1),
                     height: side * Double(span) + spacing * Double(span - 1))
    }

    /// How many rows of cells `cellCount` cells take: two beside the big cell, then one for every three.
    private static func rows(cellCount: Int) -> Int {
        guard cellCount > 0 else { return 0 }
        return 2 + (max(0, cellCount - 3) + 2) / 3
    }

    /// The height that holds `cellCount` cells (items plus the Add cell).
    public func contentHeight(cellCount: Int) -> Double {
        guard cellCount > 0 else { return 0 }
        return spacing + Double(Self.rows(cellCount: cellCount)) * (cellSide + spacing)
    }

    public var contentHeight: Double { contentHeight(cellCount: count) }

    /// Whole rows, so the band is a run of indices though rows alternate direction.
    public func indices(from top: Double, to bottom: Double) -> Range<Int> {
        guard count > 0, bottom > top else { return 0..<0 }
        let step = cellSide + spacing
        guard step > 0 else { return 0..<count }
        // The first row whose bottom is below `top`, and the last whose top is above `bottom`.
        let firstRow = max(0, Int(((top - spacing - cellSide) / step).rounded(.down)) + 1)
        let lastRow = Int(((bottom - spacing) / step).rounded(.up)) - 1
        guard lastRow >= firstRow else { return 0..<0 }
        // Rows 0 and 1 hold cells 0 to 2; row r from 2 on holds 3r - 3 to 3r - 1.
        let lower = min(firstRow < 2 ? 0 : 3 * firstRow - 3, count), upper = min(lastRow < 2 ? 3 : 3 * lastRow, count)
        return lower..<max(lower, upper)
    }
}
