/// Heights for a list growing at both ends: two `FenwickTree`s meet at the first row.
struct RowHeights: Sendable {
    private var above = FenwickTree()
    private var below = FenwickTree()

    var count: Int { above.count + below.count }
    /// All rows' height.
    var total: Double { above.total + below.total }

    subscript(index: Int) -> Double {
        index < above.count ? above[above.count - 1 - index] : below[index - above.count]
    }

    /// How far row `index`'s top is below the first row's (`count` gives `total`).
    func top(of index: Int) -> Double {
        if index <= above.count { return above.total - above.prefix(above.count - index) }
        return above.total + below.prefix(index - above.count)
    }

    mutating func set(_ height: Double, at index: Int) {
        if index < above.count { above.set(height, at: above.count - 1 - index) } else { below.set(height, at: index - above.count) }
    }

    /// `count` rows of `height` before row `index`.
    mutating func insert(_ height: Double, count: Int, at index: Int) {
        if index == 0 {
            for _ in 0..<count { above.append(height) }
        } else if index == self.count {
            for _ in 0..<count { below.append(height) }
        } else {
            var heights = all
            heights.insert(contentsOf: repeatElement(height, count: count), at: index)
            self = RowHeights(heights)
        }
    }

    mutating func remove(_ count: Int, at index: Int) {
        var heights = all
        heights.removeSubrange(index..<(index + count))
        self = RowHeights(heights)
    }

    /// The first row whose bottom is below `y` (`count` when none is).
    func firstIndex(endingBelow y: Double) -> Int {
        firstIndex { top(of: $0 + 1) > y }
    }

    /// The first row whose top is at or below `y` (`count` when none is).
    func firstIndex(startingAtOrBelow y: Double) -> Int {
        firstIndex { top(of: $0) >= y }
    }

    private init(_ heights: [Double]) {
        below = FenwickTree(heights)
    }

    init() {}

    private var all: [Double] { above.values.reversed() + below.values }

    /// The first index for which `predicate` holds, where it holds from some index on.
    private func firstIndex(where predicate: (Int) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

extension RowHeights: Equatable {
    /// The same heights in the same order, wherever the two trees meet.
    static func == (a: RowHeights, b: RowHeights) -> Bool {
        a.count == b.count && (0..<a.count).allSatisfy { a[$0] == b[$0] }
    }
}
