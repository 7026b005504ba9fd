import Domain
import Features
import Foundation
import Gtk
import Localization

/// The composer: entry, Send, and a bar while correcting or answering; Escape restores the draft.
@MainActor
final class MessageComposer {
    let widget: Widget
    let entry = Entry(placeholder: tr("Message"))
    let sendButton = Button(iconName: "tessera-send-symbolic", accessibleName: tr("Send"))
    /// Opens the file chooser for a picture to send (`onAttach`).
    let attachButton = Button(iconName: "mail-attachment-symbolic", accessibleName: tr("Send a Picture…"))
    var onAttach: (@MainActor () -> Void)?
    /// Says which message the composer corrects or answers.
    let bar = ComposerContextBar()
    /// The message the composer corrects, if it does.
    private(set) var editing: ChatMessage.Origin?
    /// What the composer held before an edit took it, given back after.
    private var draftBeforeEditing = ""
    /// The message the composer answers, if it does.
    private(set) var replyingTo: ReplyQuote?
    private let model: MessagesViewModel

    init(model: MessagesViewModel) {
        self.model = model
        entry.hexpand = true
        // GTK's 150 px minimum would keep a 360 px window from taking the chat's 12 px inset.
        entry.widthChars = 8
        entry.accessibleName = tr("Message")
        let row = Box(.horizontal, spacing: 6)
        row.addStyleClass("messages-composer")
        row.setMargins(top: 8, bottom: 8, start: 12, end: 12)
        attachButton.tooltip = tr("Send a Picture…")
        row.append(attachButton)
        row.append(entry, expand: true)
        row.append(sendButton)
        let box = Box(.vertical)
        box.append(bar.widget)
        box.append(row)
        widget = box

        entry.onActivate { [weak self] in self?.send() }
        sendButton.onClicked { [weak self] in self?.send() }
        attachButton.onClicked { [weak self] in self?.onAttach?() }
        bar.cancel.onClicked { [weak self] in self?.leaveEditOrReply() }
        // Kept as it is typed: a quit, a crash or a kill loses none of it.
        entry.onChanged { [weak self] in
            // An edit's text is not a draft.
            guard let self, self.editing == nil else { return }
            self.model.draftChanged(self.entry.text)
        }
    }

    /// Spelling, once checked (`checkSpelling`).
    private(set) var spelling: ComposerSpelling?

    /// Checks spelling in `languages` from the composer's first focus, once `settled` says the chat
    /// has drawn its messages (loading a dictionary holds the main loop for a moment) or after
    /// `settleWait`; the person's new choices go to `remember`.
    func checkSpelling(in languages: SpellingLanguages, remember: @escaping @MainActor (SpellingLanguages) -> Void,
                       after settled: @escaping @MainActor () -> Bool) {
        var waiting = false
        entry.onFocusIn { [weak self] in
            guard let self, spelling == nil, !waiting else { return }
            waiting = true
            let deadline = ContinuousClock.now + Self.settleWait
            entry.addTickCallback { [weak self] _ in
                guard settled() || ContinuousClock.now >= deadline else { return true }
                // After this frame, not inside it.
                DispatchQueue.main.async { [weak self] in
                    guard let self, spelling == nil else { return }
                    spelling = ComposerSpelling(entry: entry, languages: languages, remember: remember)
                }
                return false
            }
        }
    }

    /// The longest spelling waits for the chat to settle.
    static let settleWait: Duration = .seconds(2)

    var isEditingOrReplying: Bool { editing != nil || replyingTo != nil }

    /// The draft kept from the last launch, unless something was typed meanwhile.
    func restore(_ draft: String) {
        guard entry.text.isEmpty else { return }
        entry.text = draft
        entry.cursorPosition = -1
    }

    /// A failed send keeps the text in the entry (the notice says why) so nothing typed is lost.
    private func send() {
        if let editing { return finishEditing(editing) }
        let text = entry.text, quote = replyingTo
        Task { [weak self] in
            guard let self, await self.model.send(text, replyingTo: quote) else { return }
            self.sent(text, answering: quote)
            self.entry.grabFocusWithoutSelecting()
        }
    }

    /// Sends a picture, `captioned` with the text typed (not while correcting a message), answering the message
    /// answered; a refusal is told in words.
    func send(picture source: PictureIntake.Source, captioned: Bool = true) {
        guard let intake = model.pictureIntake else { return }
        let caption = editing == nil && captioned ? entry.text : "", quote = replyingTo
        Task { [weak self] in
            switch await intake.take(source) {
            case .failure(let refusal): self?.model.say(refusal.description)
            case .success(let picture):
                guard let self, await self.model.send(caption, replyingTo: quote, picture: picture) else { return }
                self.sent(caption, answering: quote)
            }
        }
    }

    /// What went out leaves the composer, unless it changed meanwhile.
    private func sent(_ text: String, answering quote: ReplyQuote?) {
        if replyingTo == quote { stopReplying() }
        if !text.isEmpty, entry.text == text { entry.text = "" }
    }

    func startEditing(_ message: ChatMessage) {
        guard message.isLocal else { return }
        stopReplying()
        if editing == nil { draftBeforeEditing = entry.text }
        editing = message.origin
        bar.show(tr("Editing your message"), cancelName: tr("Cancel Editing"))
        entry.text = message.text
        focusAtEnd()
    }

    private func finishEditing(_ origin: ChatMessage.Origin) {
        let text = entry.text
        Task { [weak self] in
            guard let self, await self.model.edit(origin, to: text), self.editing == origin else { return }
            self.stopEditing()
        }
    }

    /// Leaves the edit: the composer holds the draft again.
    private func stopEditing() {
        guard editing != nil else { return }
        editing = nil
        bar.hide()
        entry.text = draftBeforeEditing
        focusAtEnd()
    }

    /// Reply: the composer answers `message` (what it holds stays: the answer's start).
    func startReplying(to message: ChatMessage) {
        stopEditing()
        let quote = ReplyQuote(of: message)
        replyingTo = quote
        bar.show(Self.replyingText(quote), cancelName: tr("Cancel Reply"))
        focusAtEnd()
    }

    private func stopReplying() {
        guard replyingTo != nil else { return }
        replyingTo = nil
        bar.hide()
    }

    /// Escape in the composer, or the bar's button.
    func leaveEditOrReply() {
        if editing != nil { stopEditing() } else { stopReplying() }
    }

    private func focusAtEnd() {
        entry.cursorPosition = -1
        entry.grabFocusWithoutSelecting()
    }

    /// "Replying to #12: …" or "Replying to your message: …".
    static func replyingText(_ quote: ReplyQuote) -> String {
        switch quote.origin {
        case .server(let number): tr("Replying to #{number}: {text}", ["number": String(number), "text": quote.text])
        case .local: tr("Replying to your message: {text}", ["text": quote.text])
        }
    }
}
