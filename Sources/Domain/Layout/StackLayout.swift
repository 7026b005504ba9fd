import DequeModule

/// Rows across the whole width, one above the other, each as tall as its content (a chat). A row
/// not measured yet counts as `estimatedHeight`; its cell measures it when it first comes near the
/// view, at each width. Content shorter than the view sits at its bottom, as a messenger's does,
/// with `headerHeight` of room above the first row (for the paging indicator).
///
/// Heights are kept by position; rows put on top are inserted with `insert(_:at:)` so that the
/// measured heights stay with their rows. Rows put on top or at the bottom, and a row measured,
/// cost the same at any length (`RowHeights`).
public struct StackLayout: ItemLayout, Equatable {
    public let headerHeight: Double
    public let estimatedHeight: Double
    public private(set) var width = 0.0
    public private(set) var viewHeight = 0.0
    private var heights = RowHeights()
    /// The width each row was measured at (0: never).
    private var measuredWidths: Deque<Double> = []

    public init(headerHeight: Double, estimatedHeight: Double) {
        self.headerHeight = headerHeight
        self.estimatedHeight = estimatedHeight
    }

    public var count: Int { heights.count }
    public var itemsAcross: Int { 1 }

    public mutating func prepare(width: Double, count: Int, viewHeight: Double) {
        self.width = width
        self.viewHeight = viewHeight
        if count > heights.count { insert(count - heights.count, at: heights.count) }
        if count < heights.count { remove(heights.count - count, at: count) }
    }

    /// Rows added at `index` (estimated until measured).
    public mutating func insert(_ count: Int, at index: Int) {
        heights.insert(estimatedHeight, count: count, at: index)
        // A deque shifts the shorter side: rows on top cost what they are, not the history.
        measuredWidths.insert(contentsOf: repeatElement(0, count: count), at: index)
    }

    /// Rows gone from `index`.
    public mutating func remove(_ count: Int, at index: Int) {
        heights.remove(count, at: index)
        measuredWidths.removeSubrange(index..<(index + count))
    }

    public var measuresItems: Bool { true }
    /// Every row is measured across the whole width.
    public func measuringWidth(at index: Int) -> Double { width }
    public func needsMeasuring(at index: Int) -> Bool { measuredWidths[index] != width }

    public mutating func setMeasuredHeight(_ height: Double, at index: Int) {
        measuredWidths[index] = width
        heights.set(height, at: index)
    }

    /// The first row's top: below the header, or lower when the rows do not fill the view.
    private var firstTop: Double { max(headerHeight, viewHeight - heights.total) }
    public var contentHeight: Double { firstTop + heights.total }

    public func frame(at index: Int) -> Frame {
        Frame(x: 0, y: firstTop + heights.top(of: index), width: width, height: heights[index])
    }

    public func indices(from top: Double, to bottom: Double) -> Range<Int> {
        guard count > 0, bottom > top else { return 0..<0 }
        let first = heights.firstIndex(endingBelow: top - firstTop)
        let last = heights.firstIndex(startingAtOrBelow: bottom - firstTop)
        return first..<max(first, last)
    }
}
