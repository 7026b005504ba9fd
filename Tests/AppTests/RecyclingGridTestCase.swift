@testable import App
import Domain
import Foundation
import Gtk
import XCTest
import SimulatedInput

/// What the recycling grid's tests share: numbered items, a cell that names its item, a window.
class RecyclingGridTestCase: AppTestCase {
    struct Numbered: Identifiable, Sendable { let id: Int }

    /// A focusable, windowless cell that names its item.
    @MainActor
    final class NumberCell: RecyclingCell {
        let view: Widget
        let label = Label()
        private(set) var item: Numbered
        private(set) var loadedSide = 0
        static var made = 0

        init(_ item: Numbered) {
            self.item = item
            let box = Box(.vertical)
            box.append(label, expand: true)
            box.canFocus = true
            box.announceAsButton()
            box.showAll()
            view = box
            Self.made += 1
            show(item)
        }

        func show(_ item: Numbered) {
            self.item = item
            label.text = "\(item.id)"
            view.accessibleName = "Item \(item.id)"
            loadedSide = 0
        }

        func park() {
            label.text = ""
            view.accessibleName = ""
        }

        func load(side: Int) { loadedSide = side }
        var isLoaded: Bool { loadedSide > 0 }
    }

    /// Rows across the whole width, each as tall as its item says (as chat messages are).
    struct RowsLayout: ItemLayout {
        let heights: [Double]
        let tops: [Double]
        private(set) var width = 0.0
        private(set) var count = 0

        init(heights: [Double]) {
            self.heights = heights
            var tops: [Double] = [], y = 0.0
            for height in heights { tops.append(y); y += height }
            self.tops = tops + [y]
        }

        mutating func prepare(width: Double, count: Int, viewHeight: Double) {
            self.width = width
            self.count = min(count, heights.count)
        }

        var contentHeight: Double { tops[count] }
        var itemsAcross: Int { 1 }
        func frame(at index: Int) -> Frame { Frame(x: 0, y: tops[index], width: width, height: heights[index]) }

        func indices(from top: Double, to bottom: Double) -> Range<Int> {
            func firstEnding(after y: Double) -> Int { // the first row whose bottom is below y
                var low = 0, high = count
                while low < high {
                    let middle = (low + high) / 2
                    if tops[middle + 1] <= y { low = middle + 1 } else { high = middle }
                }
                return low
            }
            let first = firstEnding(after: top)
            var last = first
            while last < count, tops[last] < bottom { last += 1 }
            return first..<last
        }
    }

    @MainActor
    func show<Layout: ItemLayout>(_ grid: RecyclingGrid<NumberCell, Layout>, items count: Int,
                                          width: Int = 800, height: Int = 600) -> Window {
        let window = Window()
        window.add(grid.widget)
        window.setDefaultSize(width: width, height: height)
        window.showAll()
        grid.setItems((0..<count).map(Numbered.init), animated: false)
        grid.isReady = true
        waitFor("the cells in view laid out") {
            grid.adjustment.pageSize > 0 && !grid.cells.isEmpty && grid.isLoaded
                && abs(grid.adjustment.upper - max(grid.layout.contentHeight, grid.adjustment.pageSize)) < 1
        }
        return window
    }

    @MainActor
    func squares() -> RecyclingGrid<NumberCell, SquareGridLayout> {
        RecyclingGrid(layout: SquareGridLayout(spacing: 6, minimumSide: 150, maximumSide: 240)) { NumberCell($0) }
    }

    /// True once every cell is allocated where the layout puts its item.
    @MainActor
    func placed<Layout: ItemLayout>(_ grid: RecyclingGrid<NumberCell, Layout>) -> Bool {
        zip(grid.cells, grid.cellFrames).allSatisfy { cell, frame in
            let expected = grid.layout.frame(at: cell.item.id)
            return abs(Double(frame.y) - expected.y) <= 1 && abs(Double(frame.x) - expected.x) <= 1
                && abs(Double(frame.height) - expected.height) <= 1
        }
    }

    /// Does `change`, then reads the first frame drawn where `condition` holds: whether every
    /// cell is placed where the layout puts it and inside the grid's width, and that width.
    @MainActor
    func firstFrame<Layout: ItemLayout>(of grid: RecyclingGrid<NumberCell, Layout>, in window: Window,
                                                where condition: @escaping @MainActor () -> Bool,
                                                after change: () -> Void) -> (placed: Bool, inside: Bool, width: Int)? {
        var seen: (placed: Bool, inside: Bool, width: Int)?
        let watch = window.onDrawn {
            guard seen == nil, condition() else { return }
            let width = grid.widget.allocatedSize.width
            seen = (self.placed(grid), grid.cellFrames.allSatisfy { $0.x + $0.width <= width + 1 }, width)
        }
        defer { window.disconnect(watch) }
        change()
        waitFor("a frame drawn after the change") { seen != nil }
        return seen
    }

    @MainActor
    func ids<Layout: ItemLayout>(_ grid: RecyclingGrid<NumberCell, Layout>) -> [Int] { grid.cells.map(\.item.id) }
}
