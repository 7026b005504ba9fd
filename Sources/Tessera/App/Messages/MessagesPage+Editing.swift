import Domain
import Foundation
import Gtk
import Localization

/// Correcting one of the user's own messages, and answering one: Edit in a message's menu puts
/// its text in the composer, Enter keeps the correction (the message then says "edited"); Reply
/// quotes a message above the composer, and the message sent shows the quote. Escape or the bar's
/// button gives either up; the draft the composer held comes back after an edit.
extension MessagesPage {
    func startEditing(_ message: ChatMessage) {
        guard message.isLocal else { return }
        stopReplying()
        if editing == nil { draftBeforeEditing = entry.text }
        editing = message.origin
        composerBar.show(tr("Editing your message"), cancelName: tr("Cancel Editing"))
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
        composerBar.hide()
        entry.text = draftBeforeEditing
        entry.cursorPosition = -1
        entry.grabFocusWithoutSelecting()
    }

    /// Reply: the composer answers `message` (what it holds stays: the answer's start).
    func startReplying(to message: ChatMessage) {
        stopEditing()
        let quote = ReplyQuote(of: message)
        replyingTo = quote
        composerBar.show(Self.replyingText(quote), cancelName: tr("Cancel Reply"))
        entry.cursorPosition = -1
        entry.grabFocusWithoutSelecting()
    }

    func stopReplying() {
        guard replyingTo != nil else { return }
        replyingTo = nil
        composerBar.hide()
    }

    /// Escape in the composer, or the bar's button.
    func leaveEditOrReply() {
        if editing != nil { stopEditing() } else { stopReplying() }
    }

    /// "Replying to #12: …" or "Replying to your message: …".
    static func replyingText(_ quote: ReplyQuote) -> String {
        switch quote.origin {
        case .server(let number): tr("Replying to #{number}: {text}", ["number": String(number), "text": quote.text])
        case .local: tr("Replying to your message: {text}", ["text": quote.text])
        }
    }
}
