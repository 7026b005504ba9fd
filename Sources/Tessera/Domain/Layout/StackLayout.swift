import DequeModule

/// Full-width rows as tall as their content (a chat), estimated until measured, bottom-aligned when short.
public struct StackLayout: ItemLayout, Equatable {
    public let headerHeight: Double
    public let estimatedHeight: Double
    public private(set) var width = 0.0
    public private(set) var viewHeight = 0.0
    /// Every row's height, the empty rows' too.
    private var heights = RowHeights()
    /// The width each row was measured at (0: never).
    private var measuredWidths: Deque<Double> = []
    /// Empty rows before the first item.
    public private(set) var emptyAbove = 0
    /// Empty rows before item `emptyBelowAt`.
    public private(set) var emptyBelow = 0
    public private(set) var emptyBelowAt = 0

    public init(headerHeight: Double, estimatedHeight: Double) {
        self.headerHeight = headerHeight
        self.estimatedHeight = estimatedHeight
    }

    /// Items, the empty rows not counted.
    public var count: Int { heights.count - emptyAbove - emptyBelow }
    /// Rows, the empty ones too.
    public var rowCount: Int { heights.count }
    public var itemsAcross: Int { 1 }
    public var emptyBefore: Int { emptyAbove }
    public var emptyAfter: Int { emptyBelowAt == count ? emptyBelow : 0 }

    public mutating func prepare(width: Double, count: Int, viewHeight: Double) {
        self.width = width
        self.viewHeight = viewHeight
        if count > self.count { insert(count - self.count, at: self.count) }
        if count < self.count { remove(self.count - count, at: count) }
    }

    /// Rows added before item `index` (estimated until measured); at `count`, after every row.
    public mutating func insert(_ count: Int, at index: Int) {
        guard count > 0 else { return }
        let row = index == self.count ? heights.count : row(of: index)
        if index < self.count, index <= emptyBelowAt { emptyBelowAt += count }
        insertRows(count, at: row)
    }

    /// Empty rows put on top of the empty ones there (a page that came while the top was let go).
    public mutating func insertEmptyOnTop(_ count: Int) {
        guard count > 0 else { return }
        insertRows(count, at: 0)
        emptyAbove += count
    }

    private mutating func insertRows(_ count: Int, at row: Int) {
        heights.insert(estimatedHeight, count: count, at: row)
        // A deque shifts the shorter side: rows on top cost what they are, not the history.
        measuredWidths.insert(contentsOf: repeatElement(0, count: count), at: row)
    }

    /// Items gone from `index`, their rows with them.
    public mutating func remove(_ count: Int, at index: Int) {
        guard count > 0 else { return }
        let row = row(of: index)
        heights.remove(count, at: row)
        measuredWidths.removeSubrange(row..<(row + count))
        if index < emptyBelowAt { emptyBelowAt -= min(count, emptyBelowAt - index) }
    }

    /// Every row gone, the empty ones too.
    public mutating func removeAll() {
        heights = RowHeights()
        measuredWidths = []
        emptyAbove = 0
        emptyBelow = 0
        emptyBelowAt = 0
    }

    /// Rows empty `above` and `below` before `index`, heights kept; set the items to match.
    public mutating func setEmpty(above: Int, below: Int, before index: Int) {
        let fits = above >= 0 && below >= 0 && above + below <= heights.count && index <= heights.count - above - below
        precondition(fits, "empty rows beyond the rows")
        emptyAbove = above
        emptyBelow = below
        emptyBelowAt = index
    }

    /// The row item `index` has.
    private func row(of index: Int) -> Int {
        index < emptyBelowAt ? emptyAbove + index : emptyAbove + emptyBelow + index
    }

    /// The first item at or after `row` (`count` when none is).
    private func item(atOrAfterRow row: Int) -> Int {
        let below = row - emptyAbove
        if below < 0 { return 0 }
        if below < emptyBelowAt { return below }
        if below < emptyBelowAt + emptyBelow { return emptyBelowAt }
        return min(count, below - emptyBelow)
    }

    public var measuresItems: Bool { true }
    /// Every row is measured across the whole width.
    public func measuringWidth(at index: Int) -> Double { width }
    public func needsMeasuring(at index: Int) -> Bool { measuredWidths[row(of: index)] != width }

    public mutating func setMeasuredHeight(_ height: Double, at index: Int) {
        let row = row(of: index)
        measuredWidths[row] = width
        heights.set(height, at: row)
    }

    public mutating func measureAgain(at index: Int) {
        measuredWidths[row(of: index)] = 0
    }

    /// The first row's top: below the header, or lower when the rows do not fill the view.
    private var firstTop: Double { max(headerHeight, viewHeight - heights.total) }
    public var contentHeight: Double { firstTop + heights.total }

    public func frame(at index: Int) -> Frame {
        rowFrame(row(of: index))
    }

    /// Where row `row` is, empty or not.
    public func rowFrame(_ row: Int) -> Frame {
        Frame(x: 0, y: firstTop + heights.top(of: row), width: width, height: heights[row])
    }

    public func indices(from top: Double, to bottom: Double) -> Range<Int> {
        let rows = rows(from: top, to: bottom)
        let first = item(atOrAfterRow: rows.lowerBound)
        return first..<max(first, item(atOrAfterRow: rows.upperBound))
    }

    /// The rows, empty or not, whose frames meet the band from `top` to `bottom`.
    public func rows(from top: Double, to bottom: Double) -> Range<Int> {
        guard heights.count > 0, bottom > top else { return 0..<0 }
        let first = heights.firstIndex(endingBelow: top - firstTop)
        let last = heights.firstIndex(startingAtOrBelow: bottom - firstTop)
        return first..<max(first, last)
    }
}
