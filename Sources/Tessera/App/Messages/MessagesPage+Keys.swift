import Domain
import Foundation
import Gtk

/// The chat's keys, before the composer's: Ctrl+C on a message, Escape leaving an edit or reply, Ctrl+End.
extension MessagesPage {
    func connectKeys() {
        // Before the entry, which would take Ctrl+End as "end of text".
        for target in [widget, entry] as [Widget] {
            target.onKeyPress { [weak self] key in
                guard let self else { return false }
                if Shortcuts.isCopy(key), target === self.widget, self.copyChosenOrFocusedMessage() { return true }
                if target === self.widget, key.modifiers == [.shift], ["Up", "KP_Up", "Down", "KP_Down"].contains(key.keyName),
                   self.choice.extend(by: key.keyName.hasSuffix("Up") ? -1 : 1) { return true }
                if key.keyName == "Escape", target === self.widget, self.choice.clear() { return true }
                if key.keyName == "Escape", target === self.entry, self.composer.isEditingOrReplying {
                    self.composer.leaveEditOrReply()
                    return true
                }
                guard Shortcuts.isJumpToLatest(key) else { return false }
                self.jumpToLatest()
                return true
            }
        }
    }
}
