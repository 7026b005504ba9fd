/// Where a recycling view's items go, pure in width and count; items never start above earlier ones.
public protocol ItemLayout: Sendable {
    /// Lays out `count` items across `width`, in a view `viewHeight` high.
    mutating func prepare(width: Double, count: Int, viewHeight: Double)
    var width: Double { get }
    var count: Int { get }
    /// The height of everything laid out.
    var contentHeight: Double { get }
    /// About how many items sit side by side (a row's worth of spare cells is kept ready).
    var itemsAcross: Int { get }
    func frame(at index: Int) -> Frame
    /// The items whose frames meet the band from `top` to `bottom`, in order.
    func indices(from top: Double, to bottom: Double) -> Range<Int>
    /// The height is an estimate the cell should measure (text rows); fixed layouts never ask.
    func needsMeasuring(at index: Int) -> Bool
    /// The height the item's cell measured at the current width.
    mutating func setMeasuredHeight(_ height: Double, at index: Int)
    /// The item's cell changed its content: it is measured again before it is placed.
    mutating func measureAgain(at index: Int)
    /// Whether item heights come from their cells (`needsMeasuring`); false for fixed frames.
    var measuresItems: Bool { get }
    /// The width a cell is measured at, known without placing the item.
    func measuringWidth(at index: Int) -> Double
    /// Left and Right move across a grid's rows; not in a list, as in GTK's.
    var leftAndRightMove: Bool { get }
    /// Places left empty before the first item, for items let go above the view (the feed's grid, the chat).
    var emptyBefore: Int { get }
    /// Places left empty after the last item, for items let go below the view (the chat).
    var emptyAfter: Int { get }
}

extension ItemLayout {
    public func measuringWidth(at index: Int) -> Double { frame(at: index).width }
    public var measuresItems: Bool { false }
    public var leftAndRightMove: Bool { true }
    public var emptyBefore: Int { 0 }
    public var emptyAfter: Int { 0 }
    public func needsMeasuring(at index: Int) -> Bool { false }
    public mutating func setMeasuredHeight(_ height: Double, at index: Int) {}
    public mutating func measureAgain(at index: Int) {}
}

extension ItemLayout {
    /// An arrow's item from `index`: reading order, or the nearest centre in the row beside; nil at an edge.
    public func neighbour(of index: Int, _ direction: LayoutDirection) -> Int? {
        guard (0..<count).contains(index) else { return nil }
        switch direction {
        case .left: return leftAndRightMove && index > 0 ? index - 1 : nil
        case .right: return leftAndRightMove && index + 1 < count ? index + 1 : nil
        case .up, .down:
            let from = frame(at: index)
            let down = direction == .down
            // Look a few of this item's heights away; rows are never further apart than that.
            let reach = max(from.height, 1) * 3
            let band = down ? indices(from: from.y + from.height, to: from.y + from.height + reach)
                            : indices(from: max(0, from.y - reach), to: from.y)
            let candidates = band.filter { candidate in
                let frame = frame(at: candidate)
                return down ? frame.y >= from.y + from.height - 0.5 : frame.y + frame.height <= from.y + 0.5
            }
            let centre = from.x + from.width / 2
            return candidates.min { a, b in
                let fa = frame(at: a), fb = frame(at: b)
                let gapA = down ? fa.y : -(fa.y + fa.height), gapB = down ? fb.y : -(fb.y + fb.height)
                if abs(gapA - gapB) > 0.5 { return gapA < gapB }
                return abs(fa.x + fa.width / 2 - centre) < abs(fb.x + fb.width / 2 - centre)
            }
        }
    }

    /// The item nearest the point (x, y) of the content, for Page Up and Page Down.
    public func nearest(x: Double, y: Double) -> Int? {
        guard count > 0 else { return nil }
        let clampedY = min(max(0, y), max(0, contentHeight - 1))
        let band = indices(from: clampedY, to: clampedY + 1)
        let candidates = band.isEmpty ? indices(from: 0, to: contentHeight) : band
        return candidates.min { a, b in
            let fa = frame(at: a), fb = frame(at: b)
            return abs(fa.x + fa.width / 2 - x) + abs(fa.y + fa.height / 2 - y)
                < abs(fb.x + fb.width / 2 - x) + abs(fb.y + fb.height / 2 - y)
        }
    }
}

public enum LayoutDirection: Sendable {
    case up, down, left, right
}
