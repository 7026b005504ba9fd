/// Rows in view get cells; in the margins, those with cells and at most `newCells` more, nearest first.
enum MarginCells {
    /// The rows of `wanted` (the view and its margins) taken now, and whether some were left for a later turn.
    static func taken(view: Range<Int>, wanted: Range<Int>, newCells: Int,
                      hasCell: (Int) -> Bool) -> (rows: Range<Int>, leftOut: Bool) {
        var lower = min(max(view.lowerBound, wanted.lowerBound), wanted.upperBound)
        var upper = max(min(view.upperBound, wanted.upperBound), lower)
        var budget = newCells
        /// Takes in one more row if it has a cell or the budget allows a new one.
        func takes(_ index: Int) -> Bool {
            if hasCell(index) { return true }
            guard budget > 0 else { return false }
            budget -= 1
            return true
        }
        var grew = true
        while grew {
            grew = false
            if upper < wanted.upperBound, takes(upper) { upper += 1; grew = true }
            if lower > wanted.lowerBound, takes(lower - 1) { lower -= 1; grew = true }
        }
        return (lower..<upper, lower != wanted.lowerBound || upper != wanted.upperBound)
    }
}
