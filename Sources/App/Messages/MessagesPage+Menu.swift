import Domain
import Foundation
import Gtk
import Localization

/// A message's menu (right click, the Menu key, a long press) and Ctrl+C: its text copied, its
/// links opened with the desktop's browser or copied.
extension MessagesPage {
    func registerActions() {
        let copy = Action(name: "copy", takesString: true)
        copy.onActivate { [weak self] key in
            guard let self, let message = self.message(forKey: key) else { return }
            self.copyText(of: message)
        }
        let copyLink = Action(name: "copy-link", takesString: true)
        copyLink.onActivate { [weak self] address in
            guard let address else { return }
            Clipboard.setText(address)
            self?.copied = address
        }
        let openLink = Action(name: "open-link", takesString: true)
        openLink.onActivate { [weak self] address in
            guard let address, let url = URL(string: address) else { return }
            self?.openLink(url)
        }
        let edit = Action(name: "edit", takesString: true)
        edit.onActivate { [weak self] key in
            guard let self, let message = self.message(forKey: key) else { return }
            self.startEditing(message)
        }
        let reply = Action(name: "reply", takesString: true)
        reply.onActivate { [weak self] key in
            guard let self, let message = self.message(forKey: key) else { return }
            self.startReplying(to: message)
        }
        let quoted = Action(name: "show-quoted", takesString: true)
        quoted.onActivate { [weak self] key in
            guard let self, let origin = key.flatMap(ChatMessage.Origin.init(key:)) else { return }
            self.show(origin)
        }
        let openMessage = Action(name: "open", takesString: true)
        openMessage.onActivate { [weak self] key in
            guard let self, let message = self.message(forKey: key) else { return }
            self.openDetail(of: message)
        }
        [copy, copyLink, openLink, reply, quoted, edit, openMessage].forEach { menuActions.add($0) }
        widget.insertActionGroup(menuActions, prefix: "messages")
    }

    /// The menu of `row`'s message: Copy Text, its first link's Open Link and Copy Link, Reply,
    /// Show the Quoted Message for a reply, Edit for the user's own, Open.
    func openMenu(for row: MessageRow) {
        let key = MessagesCoordinator.key(for: row.message.origin)
        let menu = MenuModel()
        menu.append(tr("_Copy Text"), action: "messages.copy::\(key)")
        if let link = MessageLinks.find(in: row.message.text).first {
            menu.append(tr("Open _Link"), action: "messages.open-link::\(link.url.absoluteString)")
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
        copyText(of: row.message)
        return true
    }

    private func copyText(of message: ChatMessage) {
        Clipboard.setText(message.text)
        copied = message.text
    }

    /// Opens `url` (an http, https or mailto link of a message) with the desktop's handler; says
    /// in words when there is none.
    func openLink(_ url: URL) {
        guard ["http", "https", "mailto"].contains(url.scheme?.lowercased() ?? "") else { return }
        if let failure = widget.showURI(url.absoluteString) {
            model.say(tr("The link could not be opened: {reason}", ["reason": failure]))
        }
    }

    private func message(forKey key: String?) -> ChatMessage? {
        guard let key else { return nil }
        return model.state.visible.first { MessagesCoordinator.key(for: $0.origin) == key }
    }
}
