/// A waterfall's columns at least `minimumColumnWidth`, cards into the shortest, as tall as their aspect.
public struct CardLayout: Sendable, Equatable {

    public static let minimumColumnWidth = 260.0
    /// Columns never grow wider than this; wide windows get more of them.
    public static let maximumColumnWidth = 420.0
    /// Until its image has loaded, a card assumes this width:height.
    public static let placeholderAspect = 4.0 / 3.0

    public let width: Double
    public let spacing: Double
    public let columns: Int
    public let columnWidth: Double

    /// The column widths to aim between: the facts' by default, the feed's smaller tiles pass their own.
    public init(width: Double, spacing: Double = 12, minimumColumnWidth: Double = CardLayout.minimumColumnWidth,
                maximumColumnWidth: Double = CardLayout.maximumColumnWidth) {
        self.width = width
        self.spacing = spacing
        let inner = max(0, width - spacing)
        var columns = max(1, Int((inner / (minimumColumnWidth + spacing)).rounded(.down)))
        // Prefer more columns to ones wider than the comfortable maximum, while they stay wide enough.
        while inner / Double(columns) - spacing > maximumColumnWidth,
              inner / Double(columns + 1) - spacing >= minimumColumnWidth { columns += 1 }
        self.columns = columns
        columnWidth = max(0, (inner / Double(columns) - spacing).rounded(.down))
    }

    /// The height of an image of `aspect` (width / height) shown across a column.
    public func imageHeight(aspect: Double) -> Double {
        guard aspect.isFinite, aspect > 0 else { return (columnWidth / Self.placeholderAspect).rounded() }
        return (columnWidth / aspect).rounded()
    }

    /// Each card's frame, for cards of the given heights in order.
    public func frames(heights: [Double]) -> [Frame] {
        var columnBottoms = Array(repeating: spacing, count: columns)
        // The leftover of rounding the column width, split to centre the grid.
        let used = Double(columns) * (columnWidth + spacing) + spacing
        let left = ((width - used) / 2).rounded(.down)
        return heights.map { height in
            let column = columnBottoms.indices.min { columnBottoms[$0] < columnBottoms[$1] }!
            let frame = Frame(x: left + spacing + Double(column) * (columnWidth + spacing), y: columnBottoms[column],
                              width: columnWidth, height: height)
            columnBottoms[column] += height + spacing
            return frame
        }
    }

    /// The height the grid needs for `frames`.
    public func contentHeight(_ frames: [Frame]) -> Double {
        (frames.map { $0.y + $0.height }.max() ?? 0) + spacing
    }
}
