import Domain
import Foundation
import Gtk
import Localization

/// A message's menu and Ctrl+C: text copied, links opened or copied.
extension MessagesPage {
    func registerActions() {
        let actions = [
            messageAction("copy") { $0.copy($1.text) },
            messageAction("reply") { $0.composer.startReplying(to: $1) },
            messageAction("edit") { $0.composer.startEditing($1) },
            messageAction("open") { $0.openDetail(of: $1) },
            addressAction("copy-link") { page, address in page.copy(address) },
            messageAction("open-link") { page, message in
                guard let link = MessageLinks.find(in: message.text).first else { return }
                page.openLink(link.url, written: String(message.text[link.range]))
            },
            addressAction("show-quoted") { page, key in ChatMessage.Origin(key: key).map(page.show) },
        ]
        actions.forEach { menuActions.add($0) }
        widget.insertActionGroup(menuActions, prefix: "messages")
    }

    /// An action on the message whose origin's key it is given.
    private func messageAction(_ name: String, _ body: @escaping @MainActor (MessagesPage, ChatMessage) -> Void) -> Action {
        addressAction(name) { page, key in
            guard let origin = ChatMessage.Origin(key: key), let message = page.model.state.visible.first(where: { $0.origin == origin })
            else { return }
            body(page, message)
        }
    }

    /// An action on the string it is given (a link's address, a message's key).
    private func addressAction(_ name: String, _ body: @escaping @MainActor (MessagesPage, String) -> Void) -> Action {
        let action = Action(name: name, takesString: true)
        action.onActivate { [weak self] value in
            guard let self, let value else { return }
            body(self, value)
        }
        return action
    }

    /// Copy Text, Open and Copy Link, Reply, Show the Quoted Message, Edit (own), Open.
    func openMenu(for row: MessageRow) {
        let key = row.message.origin.key
        let menu = MenuModel()
        menu.append(tr("_Copy Text"), action: "messages.copy::\(key)")
        if let link = MessageLinks.find(in: row.message.text).first {
            menu.append(tr("Open _Link"), action: "messages.open-link::\(key)")
            menu.append(tr("Copy L_ink"), action: "messages.copy-link::\(link.url.absoluteString)")
        }
        menu.append(tr("_Reply"), action: "messages.reply::\(key)")
        if let quote = row.message.replyTo {
            menu.append(tr("Show the _Quoted Message"), action: "messages.show-quoted::\(quote.origin.key)")
        }
        if row.message.isLocal { menu.append(tr("_Edit"), action: "messages.edit::\(key)") }
        menu.append(tr("_Open"), action: "messages.open::\(key)")
        contextMenu?.close()
        let popup = ContextMenu(model: menu)
        contextMenu = popup
        popup.popup(over: row.view)
    }

    /// Ctrl+C on a focused message: its whole text (not the row's preview).
    func copyFocusedMessage() -> Bool {
        guard let row = grid.focusedCell else { return false }
        copy(row.message.text)
        return true
    }

    /// Ctrl+C: the chosen messages with numbers, else the focused one's text.
    func copyChosenOrFocusedMessage() -> Bool {
        guard !choice.chosen.isEmpty else { return copyFocusedMessage() }
        copy(choice.text)
        return true
    }

    private func copy(_ text: String) {
        Clipboard.setText(text)
    }

    /// Opens a link with the desktop's handler; a look-alike text shows the real address first.
    func openLink(_ url: URL, written: String? = nil) {
        guard MessageLinks.isLink(url) else { return }
        if let written, written != url.absoluteString { return askToOpen(url, written: written) }
        if let failure = widget.showURI(url.absoluteString) {
            model.say(tr("The link could not be opened: {reason}", ["reason": failure]))
        }
    }

    private func askToOpen(_ url: URL, written: String) {
        linkQuestion?.hide()
        let dialog = MessageDialog(parent: window(), kind: .question, heading: tr("Open this address?"),
                                   body: tr("The link reads “{text}”, but the address it opens is:\n{address}",
                                                     ["text": written, "address": url.absoluteString]))
        dialog.addButton(tr("_Cancel"), response: Dialog.cancel)
        dialog.addButton(tr("_Open"), response: 1, isDefault: true)
        dialog.onResponse { [weak self] response in
            guard let self else { return }
            self.linkQuestion?.hide()
            self.linkQuestion = nil
            if response == 1 { self.openLink(url) }
        }
        linkQuestion = dialog
        dialog.present()
    }
}
