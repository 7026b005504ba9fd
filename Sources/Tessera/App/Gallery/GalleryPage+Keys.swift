import Gtk

/// The gallery's own keys: choosing, deleting and moving items (the grid moves the focus itself).
extension GalleryPage {
    /// Alt+arrows move, Delete asks, Ctrl+Space chooses, Shift+arrows a run, Ctrl+A all, Escape none.
    func handleKey(_ event: KeyEvent) -> Bool {
        let chosen = model.state.selectedCount > 0
        switch (event.keyName, event.modifiers) {
        case ("a", [.control]), ("A", [.control]):
            model.selectAll()
            return true
        case ("Escape", []) where chosen:
            model.clearSelection()
            return true
        case ("Delete", []) where chosen, ("KP_Delete", []) where chosen:
            model.requestDeleteSelection()
            return true
        default:
            break
        }
        guard let tile = grid.focusedCell, tile.entry != .add, let index = index(of: tile) else { return false }
        let count = model.state.items.count
        switch (event.keyName, event.modifiers) {
        case ("Delete", []), ("KP_Delete", []):
            model.requestDelete(at: index)
            return true
        case ("space", [.control]):
            model.toggleSelection(at: index)
            return true
        case (_, [.shift]):
            guard let target = grid.target(from: index, key: event.keyName) else { return false }
            let item = min(target, count - 1)
            grid.focus(index: item)
            model.extendSelection(to: item)
            return true
        case ("Left", [.alt]), ("Up", [.alt]):
            if index > 0 { Task { await model.move(from: index, to: index - 1) } }
            return true
        case ("Right", [.alt]), ("Down", [.alt]):
            if index + 1 < count { Task { await model.move(from: index, to: index + 1) } }
            return true
        default:
            return false
        }
    }
}
