import Domain
import Gtk
import Localization

/// Choosing several messages to copy them together: Ctrl+click adds one or takes it out,
/// Shift+click and Shift+Up / Shift+Down choose the run from the message last chosen on its own;
/// Ctrl+C then copies the chosen ones in the chat's order, each on its own line with its number
/// ("#57: text", "You: text"); Escape chooses none.
extension MessagesPage {
    func connectChoosing() {
        grid.onChoose = { [weak self] row, modifiers in
            guard let self else { return }
            if modifiers.contains(.shift) { self.chooseRun(to: row.message.origin) } else { self.toggleChosen(row.message.origin) }
        }
    }

    /// Ctrl+click: the message joins the chosen ones, or leaves them.
    func toggleChosen(_ origin: ChatMessage.Origin) {
        if chosen.remove(origin) == nil { chosen.insert(origin) }
        chosenAnchor = origin
        updateChosenRows()
    }

    /// Shift+click, Shift+Up and Down: the messages from the anchor (the one last chosen on its
    /// own, else the focused one) to `origin` are the chosen ones.
    func chooseRun(to origin: ChatMessage.Origin) {
        let anchor = chosenAnchor ?? grid.focusedCell?.message.origin ?? origin
        if chosenAnchor == nil { chosenAnchor = anchor }
        guard let from = grid.index(of: anchor), let to = grid.index(of: origin) else { return }
        chosen = Set(grid.items[min(from, to)...max(from, to)].map(\.origin))
        updateChosenRows()
    }

    /// Shift+Up or Shift+Down on a focused message: the focus moves and the run follows it.
    func extendChosen(by step: Int) -> Bool {
        guard let row = grid.focusedCell, let index = grid.index(of: row.message.origin) else { return false }
        let next = index + step
        guard grid.items.indices.contains(next) else { return true }
        if chosenAnchor == nil { chosenAnchor = row.message.origin }
        grid.focus(index: next)
        chooseRun(to: grid.items[next].origin)
        return true
    }

    /// Escape: none chosen. False when none was.
    func clearChosen() -> Bool {
        chosenAnchor = nil
        guard !chosen.isEmpty else { return false }
        chosen = []
        updateChosenRows()
        return true
    }

    /// The chosen messages as copied: in the chat's order, one a line with its number.
    var chosenText: String {
        grid.items.filter { chosen.contains($0.origin) }
            .map { tr("{number}: {text}", ["number": MessageRow.caption(for: $0), "text": $0.text]) }
            .joined(separator: "\n")
    }

    func updateChosenRows() {
        rows.forEach { $0.updateChosen() }
    }
}
