import DequeModule
import Domain
import Foundation
import Gtk

/// Which items get cells, rows measured as they come, and everything put in place.
extension RecyclingGrid {
    /// Lays out now (a just-added cell is wanted at once).
    public func layoutNow() {
        relayout(animated: false, force: true)
    }

    /// Lays out after the current frame's allocation (size requests made during one are dropped).
    public func queueLayout(animated: Bool = false) {
        pendingAnimation = pendingAnimation || animated
        layoutCall.schedule()
    }

    /// Lays out at once after the canvas's allocation, so a new width's first frame is right.
    func widthChanged(_ width: Int) {
        guard Double(width) != layout.width else { return }
        layout.prepare(width: Double(width), count: items.count, viewHeight: adjustment.pageSize)
        preparedViewHeight = adjustment.pageSize
        relayout(animated: false, force: false)
        widget.allocateContentAgain()
        queueLayout()
    }

    /// Gives and takes cells, measures new rows, places cells, header, footer and content height.
    func relayout(animated: Bool, force: Bool) {
        // A relayout asked for from inside one (the view moved to keep still) is one more pass of it.
        if relayingOut { morePasses = true; return }
        relayingOut = true
        defer { relayingOut = false }
        layout.prepare(width: layout.width, count: items.count, viewHeight: adjustment.pageSize)
        preparedViewHeight = adjustment.pageSize
        guard layout.width > 0 else { return }
        var pass = 0
        var range = 0..<0
        var measured = false
        repeat {
            morePasses = false
            // Back on what the user looked at first, so cells go to what will be in view.
            if force || measured || viewKeeper.holdsOrAwaitsPlace { viewKeeper.keepStill() }
            let page = max(adjustment.pageSize, 1)
            range = withinCellBudget(layout.indices(from: adjustment.value - page * margin,
                                                    to: adjustment.value + page * (1 + margin)))
            // Scrolling within the same rows changes nothing but which are in view: most frames end here.
            if pass == 0, !animated, !force, range == placedRange, placedCount == items.count, placedWidth == layout.width {
                tellCellsWhetherInView()
                onLayout?()
                return
            }
            assignCells(to: range)
            // Estimated heights become measured ones; the next pass puts the view back.
            measured = false
            for index in range where layout.needsMeasuring(at: index) {
                guard let cell = assigned[items[index].id] else { continue }
                layout.setMeasuredHeight(Double(cell.measuredContent.preferredHeight(forWidth: Int(layout.measuringWidth(at: index)))), at: index)
                measured = true
            }
            pass += 1
        } while (morePasses || measured) && pass < 4
        if measured { viewKeeper.keepStill() }
        place(animated: animated)
        if isReady, spare.count < layout.itemsAcross, !items.isEmpty { sparesCall.schedule() }
        keys.laidOut()
        onLayout?()
    }

    /// Whether cells for the margins are still to come, a few a turn.
    public var hasMarginCellsToMake: Bool { marginCall.isScheduled }

    /// `range` less margin rows past `marginCellsPerTurn` new cells, which come next turns.
    func withinCellBudget(_ range: Range<Int>) -> Range<Int> {
        let taken = MarginCells.taken(view: viewRange, wanted: range, newCells: Self.marginCellsPerTurn) { assigned[items[$0].id] != nil }
        if taken.leftOut { marginCall.schedule() }
        return taken.rows
    }

    /// A cell allocated taller than its row takes that height; the next frame relays out.
    func takeTheHeightsGTKGave() {
        guard layout.measuresItems, !relayingOut, layout.width > 0 else { return }
        var corrected = false
        for (id, cell) in assigned {
            guard let index = index(of: id), index < layout.count else { continue }
            let allocated = Double(cell.view.allocation.height)
            if allocated > layout.frame(at: index).height.rounded() + 0.5, cell.view.allocation.width == Int(layout.measuringWidth(at: index).rounded()) {
                layout.setMeasuredHeight(allocated, at: index)
                corrected = true
            }
        }
        if corrected { correctionCall.schedule() }
    }

    func assignCells(to range: Range<Int>) {
        placedRange = range
        placedCount = items.count
        placedWidth = layout.width
        var indexByID: [Item.ID: Int] = [:]
        for index in range { indexByID[items[index].id] = index }
        lookup.placed = indexByID
        // Leaving cells go straight to entering rows: hiding would unmap and remap them.
        var leaving: [Cell] = []
        for (id, cell) in assigned where indexByID[id] == nil && !cell.view.isFocusWidget {
            assigned[id] = nil
            leaving.append(cell)
        }
        for index in range where assigned[items[index].id] == nil {
            let cell: Cell
            if let reused = leaving.popLast() {
                reused.show(items[index])
                cell = reused
            } else {
                cell = self.cell(for: items[index])
            }
            animator.jump(cell.view, to: layout.frame(at: index))
            assigned[items[index].id] = cell
        }
        leaving.forEach(retire)
    }

    /// The items in view now (a margin's cells load ahead of them, behind them on the network).
    var viewRange: Range<Int> {
        layout.indices(from: adjustment.value, to: adjustment.value + max(adjustment.pageSize, 1))
    }

    /// Tells the cells whether they are in view, when the rows in view changed since the last time.
    func tellCellsWhetherInView() {
        let view = viewRange
        guard view != toldViewRange else { return }
        toldViewRange = view
        for (id, cell) in assigned {
            guard let index = lookup.placed[id] ?? index(of: id) else { continue }
            cell.setInView(view.contains(index))
        }
    }

    func place(animated: Bool) {
        var targets: [(Widget, Frame)] = []
        let view = viewRange
        toldViewRange = view
        var loads: [(index: Int, cell: Cell, side: Int)] = []
        for (id, cell) in assigned {
            // A focused cell keeps its item even out of range; find its index the slow way then.
            guard let index = index(of: id) else { continue }
            let frame = layout.frame(at: index)
            cell.setPosition(index, of: items.count)
            cell.setInView(view.contains(index))
            if isReady { loads.append((index, cell, Int(frame.width))) }
            targets.append((cell.view, frame))
        }
        // Those in view first, each in reading order: their pictures are fetched and decoded in this order.
        for load in loads.sorted(by: { (view.contains($0.index) ? 0 : 1, $0.index) < (view.contains($1.index) ? 0 : 1, $1.index) }) {
            load.cell.load(side: load.side)
        }
        if let header {
            let top = layout.count > 0 ? layout.frame(at: 0).y : layout.contentHeight
            targets.append((header, Frame(x: 0, y: top - Double(headerHeight), width: layout.width, height: Double(headerHeight))))
        }
        let bottomEdge = layout.contentHeight
        if let footer {
            targets.append((footer, Frame(x: 0, y: bottomEdge, width: layout.width, height: Double(footerHeight))))
        }
        // Only when it changes: a size request makes GTK lay the whole grid out again.
        let height = Int(bottomEdge.rounded(.up)) + footerHeight
        if height != contentHeight {
            contentHeight = height
            canvas.setSizeRequest(width: -1, height: height)
        }
        animator.move(targets, animated: animated && ThemeSettings().animationsEnabled)
    }
}
