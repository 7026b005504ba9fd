import DequeModule
import Domain
import Foundation
import Gtk

/// Cells made when no spare is left, reused as items scroll, parked when out of range.
extension RecyclingGrid {
    func cell(for item: Item) -> Cell {
        if let cell = spare.popLast() {
            cell.show(item)
            cell.view.canFocus = true
            return cell
        }
        return newCell(for: item)
    }

    func newCell(for item: Item) -> Cell {
        let cell = makeCell(item)
        canvas.put(cell.view, x: 0, y: 0)
        // Focus arriving by any road (Tab, a click, the code) brings the cell into view.
        cell.view.onFocusIn { [weak self, weak cell] in
            guard let self, let cell, let index = self.index(of: cell.item.id) else { return }
            self.reveal(index: index)
        }
        cell.view.onPopupMenu { [weak self, weak cell] in
            guard let self, let cell, let menu = self.onContextMenu else { return false }
            menu(cell)
            return true
        }
        return cell
    }

    /// Parked, still shown: showing again costs styling and measuring in a needed frame.
    func retire(_ cell: Cell) {
        pointer.forget(cell)
        cell.park()
        cell.view.canFocus = false
        // A first item's size, never below the content's end.
        let first = layout.count > 0 ? layout.frame(at: 0) : Frame(x: 0, y: 0, width: 100, height: 100)
        let width = max(first.width, 1), height = max(1, min(first.height, layout.contentHeight))
        animator.jump(cell.view, to: Frame(x: -4 * max(width, 100), y: 0, width: width, height: height))
        spare.append(cell)
    }
}
