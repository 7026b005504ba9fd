/// Rows across the whole width, one above the other, each as tall as its content (a chat). A row
/// not measured yet counts as `estimatedHeight`; its cell measures it when it first comes near the
/// view, at each width. Content shorter than the view sits at its bottom, as a messenger's does,
/// with `headerHeight` of room above the first row (for the paging indicator).
///
/// Heights are kept by position; rows put on top are inserted with `insert(_:at:)` so that the
/// measured heights stay with their rows.
public struct StackLayout: ItemLayout, Equatable {
    public let headerHeight: Double
    public let estimatedHeight: Double
    public private(set) var width = 0.0
    public private(set) var viewHeight = 0.0
    private var heights: [Double] = []
    /// The width each row was measured at (0: never).
    private var measuredWidths: [Double] = []
    /// tops[i]: the top of row i from the first row's top; tops[count]: all rows' height.
    private var tops: [Double] = [0]

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
        heights.insert(contentsOf: repeatElement(estimatedHeight, count: count), at: index)
        measuredWidths.insert(contentsOf: repeatElement(0, count: count), at: index)
        recount()
    }

    /// Rows gone from `index`.
    public mutating func remove(_ count: Int, at index: Int) {
        heights.removeSubrange(index..<(index + count))
        measuredWidths.removeSubrange(index..<(index + count))
        recount()
    }

    public func needsMeasuring(at index: Int) -> Bool { measuredWidths[index] != width }

    public mutating func setMeasuredHeight(_ height: Double, at index: Int) {
        measuredWidths[index] = width
        guard heights[index] != height else { return }
        heights[index] = height
        recount()
    }

    private mutating func recount() {
        var tops = [Double](), y = 0.0
        tops.reserveCapacity(heights.count + 1)
        for height in heights { tops.append(y); y += height }
        tops.append(y)
        self.tops = tops
    }

    /// The first row's top: below the header, or lower when the rows do not fill the view.
    private var firstTop: Double { max(headerHeight, viewHeight - tops[count]) }
    public var contentHeight: Double { firstTop + tops[count] }

    public func frame(at index: Int) -> Frame {
        Frame(x: 0, y: firstTop + tops[index], width: width, height: heights[index])
    }

    public func indices(from top: Double, to bottom: Double) -> Range<Int> {
        guard count > 0, bottom > top else { return 0..<0 }
        let start = top - firstTop, end = bottom - firstTop
        // The first row whose bottom is below `start`, then the first whose top is at or below `end`.
        func firstIndex(where predicate: (Int) -> Bool) -> Int {
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                if predicate(middle) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let first = firstIndex { tops[$0 + 1] > start }
        let last = firstIndex { tops[$0] >= end }
        return first..<max(first, last)
    }
}
