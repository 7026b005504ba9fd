/// Facts cards into the shortest column, pictures by aspect (4:3 until known) above their captions, text as measured.
public struct WaterfallLayout: ItemLayout, Equatable {
    /// What decides a card's height.
    public enum Card: Equatable, Sendable {
        /// A picture across the column; nil until its size is known.
        case picture(aspect: Double?)
        /// Text, measured by its cell.
        case text
    }

    public let spacing: Double
    public let minimumColumnWidth: Double
    public let maximumColumnWidth: Double
    /// A text card's height until its cell has measured it.
    public let estimatedTextHeight: Double
    /// The band under a picture card's picture, for its title.
    public let captionHeight: Double
    /// The columns for the current width.
    public private(set) var columns: CardLayout
    private var cards: [Card] = []
    /// A card's height as its cell measured it, and the column width it measured at (0: never).
    private var measured: [Double] = []
    private var measuredAt: [Double] = []
    private var frames: [Frame] = []
    /// The lowest bottom among the cards up to each one: where the first card a band meets is.
    private var reach: [Double] = []

    public init(spacing: Double = 12, minimumColumnWidth: Double = CardLayout.minimumColumnWidth,
                maximumColumnWidth: Double = CardLayout.maximumColumnWidth, estimatedTextHeight: Double = 160,
                captionHeight: Double = 0) {
        self.spacing = spacing
        self.captionHeight = captionHeight
        self.minimumColumnWidth = minimumColumnWidth
        self.maximumColumnWidth = maximumColumnWidth
        self.estimatedTextHeight = estimatedTextHeight
        columns = CardLayout(width: 0, spacing: spacing, minimumColumnWidth: minimumColumnWidth,
                             maximumColumnWidth: maximumColumnWidth)
    }

    public var width: Double { columns.width }
    public var count: Int { cards.count }
    public var itemsAcross: Int { columns.columns }
    public var contentHeight: Double { (reach.last ?? 0) + spacing }

    /// The cards to lay out, in feed order; measured heights and known aspects start afresh.
    public mutating func setCards(_ cards: [Card]) {
        self.cards = cards
        measured = Array(repeating: 0, count: cards.count)
        measuredAt = Array(repeating: 0, count: cards.count)
        place(from: 0)
    }

    /// Picture cards' aspects became known; true when any card moved.
    @discardableResult
    public mutating func setAspects(_ aspects: [(index: Int, aspect: Double)]) -> Bool {
        var first = Int.max
        for (index, aspect) in aspects where cards.indices.contains(index) {
            guard case .picture(let known) = cards[index], known != aspect, aspect.isFinite, aspect > 0 else { continue }
            cards[index] = .picture(aspect: aspect)
            first = min(first, index)
        }
        guard first < cards.count else { return false }
        place(from: first)
        return true
    }

    /// The card at `index`: its picture's aspect, when known.
    public func card(at index: Int) -> Card { cards[index] }

    public mutating func prepare(width: Double, count: Int, viewHeight: Double) {
        if count != cards.count {
            // Cards the caller did not describe count as pictures of unknown size.
            if count > cards.count {
                let added = count - cards.count
                cards += repeatElement(.picture(aspect: nil), count: added)
                measured += repeatElement(0, count: added)
                measuredAt += repeatElement(0, count: added)
            } else {
                cards.removeSubrange(count...)
                measured.removeSubrange(count...)
                measuredAt.removeSubrange(count...)
            }
        } else if width == columns.width {
            return
        }
        if width != columns.width {
            columns = CardLayout(width: width, spacing: spacing, minimumColumnWidth: minimumColumnWidth,
                                 maximumColumnWidth: maximumColumnWidth)
        }
        place(from: 0)
    }

    public var measuresItems: Bool { true }
    /// Every card is measured across its column.
    public func measuringWidth(at index: Int) -> Double { columns.columnWidth }

    /// Text cards are measured at each column width; a picture card's height is its picture's.
    public func needsMeasuring(at index: Int) -> Bool {
        cards[index] == .text && measuredAt[index] != columns.columnWidth
    }

    /// A text card's height; for a picture card the least it needs (a caption under a wide picture).
    public mutating func setMeasuredHeight(_ height: Double, at index: Int) {
        guard cards.indices.contains(index) else { return }
        let before = frames.indices.contains(index) ? frames[index].height : -1
        measured[index] = height
        measuredAt[index] = columns.columnWidth
        if self.height(at: index) != before { place(from: index) }
    }

    public func frame(at index: Int) -> Frame { frames[index] }

    public func indices(from top: Double, to bottom: Double) -> Range<Int> {
        guard !frames.isEmpty, bottom > top else { return 0..<0 }
        let first = firstIndex { reach[$0] > top }
        let last = firstIndex { frames[$0].y >= bottom }
        return first..<max(first, last)
    }

    // MARK: Placing

    private func height(at index: Int) -> Double {
        let width = columns.columnWidth
        let ownMeasure = measuredAt[index] == width ? measured[index] : 0
        switch cards[index] {
        case .picture(let aspect):
            return max(columns.imageHeight(aspect: aspect ?? CardLayout.placeholderAspect) + captionHeight, ownMeasure)
        case .text:
            return ownMeasure > 0 ? ownMeasure : estimatedTextHeight
        }
    }

    /// Places the cards from `start` on, after the ones before it.
    private mutating func place(from start: Int) {
        let start = min(start, frames.count)
        frames.removeSubrange(start...)
        reach.removeSubrange(start...)
        guard columns.columnWidth > 0 else {
            frames = []
            reach = []
            return
        }
        var bottoms = columnBottoms(before: start)
        let pitch = columns.columnWidth + spacing
        let left = leftEdge
        var lowest = reach.last ?? 0
        frames.reserveCapacity(cards.count)
        reach.reserveCapacity(cards.count)
        for index in start..<cards.count {
            var column = 0
            for candidate in 1..<bottoms.count where bottoms[candidate] < bottoms[column] { column = candidate }
            let height = height(at: index)
            let frame = Frame(x: left + spacing + Double(column) * pitch, y: bottoms[column], width: columns.columnWidth, height: height)
            bottoms[column] += height + spacing
            lowest = max(lowest, frame.y + height)
            frames.append(frame)
            reach.append(lowest)
        }
    }

    /// The leftover of rounding the column width, split to centre the grid (as `CardLayout`).
    private var leftEdge: Double {
        let used = Double(columns.columns) * (columns.columnWidth + spacing) + spacing
        return ((columns.width - used) / 2).rounded(.down)
    }

    /// Each column's bottom before `index`, read off each column's last card.
    private func columnBottoms(before index: Int) -> [Double] {
        var bottoms = Array(repeating: spacing, count: columns.columns)
        var found = Set<Int>()
        let pitch = columns.columnWidth + spacing, left = leftEdge
        var at = index - 1
        while at >= 0, found.count < bottoms.count {
            let frame = frames[at]
            let column = Int(((frame.x - left - spacing) / pitch).rounded())
            if bottoms.indices.contains(column), found.insert(column).inserted {
                bottoms[column] = frame.y + frame.height + spacing
            }
            at -= 1
        }
        return bottoms
    }

    /// The first index for which `predicate` holds, where it holds from some index on.
    private func firstIndex(where predicate: (Int) -> Bool) -> Int {
        var low = 0, high = frames.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
