import Domain
import Gtk
import Localization

/// Messages chosen to copy: Ctrl+click, Shift+click, Shift+Up/Down; Ctrl+C copies; Escape clears.
@MainActor
final class MessageChoice {
    private(set) var chosen: Set<ChatMessage.Origin> = []
    /// Where a Shift run starts: the message last chosen on its own.
    private var anchor: ChatMessage.Origin?
    private unowned let grid: RecyclingGrid<MessageRow, StackLayout>

    init(grid: RecyclingGrid<MessageRow, StackLayout>) {
        self.grid = grid
        grid.onChoose = { [weak self] row, modifiers in
            guard let self else { return }
            if modifiers.contains(.shift) { self.chooseRun(to: row.message.origin) } else { self.toggle(row.message.origin) }
        }
    }

    /// Ctrl+click: the message joins the chosen ones, or leaves them.
    func toggle(_ origin: ChatMessage.Origin) {
        if chosen.remove(origin) == nil { chosen.insert(origin) }
        anchor = origin
        updateRows()
    }

    /// Chooses from the anchor (the last chosen alone, else the focused) to `origin`.
    func chooseRun(to origin: ChatMessage.Origin) {
        let anchor = anchor ?? grid.focusedCell?.message.origin ?? origin
        if self.anchor == nil { self.anchor = anchor }
        guard let from = grid.index(of: anchor), let to = grid.index(of: origin) else { return }
        chosen = Set(grid.items[min(from, to)...max(from, to)].map(\.origin))
        updateRows()
    }

    /// Shift+Up or Shift+Down on a focused message: the focus moves and the run follows it.
    func extend(by step: Int) -> Bool {
        guard let row = grid.focusedCell, let index = grid.index(of: row.message.origin) else { return false }
        let next = index + step
        guard grid.items.indices.contains(next) else { return true }
        if anchor == nil { anchor = row.message.origin }
        grid.focus(index: next)
        chooseRun(to: grid.items[next].origin)
        return true
    }

    /// Escape: none chosen. False when none was.
    func clear() -> Bool {
        anchor = nil
        guard !chosen.isEmpty else { return false }
        chosen = []
        updateRows()
        return true
    }

    /// The chosen messages as copied: in the chat's order, one a line with its number.
    var text: String {
        grid.items.filter { chosen.contains($0.origin) }
            .map { tr("{number}: {text}", ["number": MessageRow.caption(for: $0), "text": $0.text]) }
            .joined(separator: "\n")
    }

    private func updateRows() {
        grid.cells.forEach { $0.updateChosen() }
    }
}
