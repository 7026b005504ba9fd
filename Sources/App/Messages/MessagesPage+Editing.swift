import Domain
import Foundation
import Gtk
import Localization

/// Correcting one of the user's own messages: Edit in its menu puts its text in the composer,
/// Enter keeps the correction (the message then says "edited"), Escape or the bar's button gives
/// it up; the draft the composer held comes back after.
extension MessagesPage {
    func startEditing(_ message: ChatMessage) {
        guard message.isLocal else { return }
        if editing == nil { draftBeforeEditing = entry.text }
        editing = message.origin
        editBar.isShown = true
        entry.text = message.text
        entry.cursorPosition = -1
        entry.grabFocusWithoutSelecting()
    }

    func finishEditing(_ origin: ChatMessage.Origin) {
        let text = entry.text
        Task { [weak self] in
            guard let self, await self.model.edit(origin, to: text), self.editing == origin else { return }
            self.stopEditing()
        }
    }

    /// Leaves the edit: the composer holds the draft again.
    func stopEditing() {
        guard editing != nil else { return }
        editing = nil
        editBar.isShown = false
        entry.text = draftBeforeEditing
        entry.cursorPosition = -1
        entry.grabFocusWithoutSelecting()
    }
}
