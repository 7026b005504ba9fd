import Domain
import Foundation
import Gtk
import ImagePipeline
import Localization

/// A reused message row: avatar and numbered bubble, the user's own right in the accent colour.
@MainActor
final class MessageRow: RecyclingCell {
    private(set) var message: ChatMessage
    var item: ChatMessage { message }
    let view: Widget
    let avatar: PersonAvatar
    let textLabel: Label
    let meta = Label()
    private let bubble = Box(.vertical, spacing: 2)
    private let line = Box(.horizontal, spacing: 8)
    let revealer: Revealer
    /// Where a message's avatar is (nil until the backend has answered).
    private let avatarURL: @MainActor (ChatMessage) -> URL?
    /// Who sent a server message, by People's names (nil until they are read).
    private let senderName: @MainActor (ChatMessage) -> String?
    /// The text shown, as given to the label (with its links' markup).
    private var shownText: String?
    /// A link in the text was clicked: the page opens it (false: it could not).
    var onOpenLink: (@MainActor (URL, String) -> Void)?
    /// Whether the text shown has links (Tab stops).
    private var hasLinks = false
    /// A reply's quote was clicked: the page shows the message it quotes.
    var onOpenQuote: (@MainActor (ChatMessage.Origin) -> Void)?
    /// A reply's quote of the message it answers, over its text.
    let quoteLabel = Label()
    /// A picture sent with the message, at its shape over its caption; a click opens it (`onOpenPicture`).
    let picture: ImageView
    var onOpenPicture: (@MainActor (ChatMessage) -> Void)?
    private var boundPicture: URL? // what `picture` is bound to
    static let pictureBound = 280 // points each way a bubble's picture fits in
    /// "New messages" across the row, over the oldest message that came since the person last saw the newest.
    let newLine = Box(.horizontal, spacing: 12)
    private let isFirstNew: @MainActor (ChatMessage.Origin) -> Bool // whether a message is that oldest one

    static let avatarSize = 36

    /// Whether a message is among those chosen to be copied together; asked whenever the row shows one.
    private let isChosen: @MainActor (ChatMessage.Origin) -> Bool
    /// Whether this row's message is chosen now.
    private(set) var chosen = false

    /// Whether a message's detail is in the pane beside the chat: its row shows as selected.
    private let isOpenBeside: @MainActor (ChatMessage.Origin) -> Bool

    init(message: ChatMessage, pipeline: ImagePipeline, isChosen: @escaping @MainActor (ChatMessage.Origin) -> Bool = { _ in false },
         isOpenBeside: @escaping @MainActor (ChatMessage.Origin) -> Bool = { _ in false },
         senderName: @escaping @MainActor (ChatMessage) -> String? = { _ in nil },
         isFirstNew: @escaping @MainActor (ChatMessage.Origin) -> Bool = { _ in false },
         avatarURL: @escaping @MainActor (ChatMessage) -> URL?) {
        self.isChosen = isChosen
        self.isFirstNew = isFirstNew
        self.isOpenBeside = isOpenBeside
        self.message = message
        self.avatarURL = avatarURL
        self.senderName = senderName
        avatar = PersonAvatar(pipeline: pipeline, size: Self.avatarSize)
        picture = ImageView(pipeline: pipeline, iconSize: 48, scaling: .fill)
        picture.picture.addStyleClass("message-picture")
        picture.picture.halign = .start
        avatar.widget.valign = .end
        textLabel = Label(message.preview)
        textLabel.wraps = true
        textLabel.xalign = 0
        textLabel.setMaxWidthChars(60)
        bubble.addStyleClass("message-bubble")
        meta.addStyleClass("message-meta")
        meta.addStyleClass("caption-heading")
        meta.xalign = 0
        quoteLabel.addStyleClass("message-quote")
        quoteLabel.xalign = 0
        quoteLabel.ellipsize(afterLines: 2)
        quoteLabel.wraps = true
        quoteLabel.setMaxWidthChars(60)
        bubble.append(meta)
        bubble.append(quoteLabel)
        bubble.append(picture.picture)
        bubble.append(textLabel)
        line.setMargins(top: 4, bottom: 4, start: 12, end: 12)
        line.append(avatar.widget)
        line.append(bubble)
        newLine.addStyleClass("new-messages-line")
        let newLabel = Label(tr("New messages"))
        newLabel.addStyleClass("caption-heading")
        for part in [Separator(.horizontal), newLabel, Separator(.horizontal)] {
            part.valign = .center
            newLine.append(part, expand: !(part is Label))
        }
        let content = Box(.vertical)
        content.append(newLine)
        content.append(line)
        revealer = Revealer(child: content, transition: .slideUp, duration: 250)
        let box = Box(.vertical)
        box.append(revealer)
        box.addStyleClass("message-row")
        box.canFocus = true
        box.announceAsButton()
        view = box
        box.showAll()
        quoteLabel.keepsOwnVisibility = true
        picture.picture.keepsOwnVisibility = true
        textLabel.keepsOwnVisibility = true
        newLine.keepsOwnVisibility = true
        newLine.isVisible = false
        // Tab walks a focused message's links (GTK does not look inside a focusable container).
        box.onKeyPress { [weak self] key in
            guard let self, key.keyName == "Tab", key.modifiers.isEmpty, box.isFocusWidget, self.hasLinks else { return false }
            return self.textLabel.takeFocus()
        }
        textLabel.onKeyPress { [weak self, weak box] key in
            guard let self, let box, self.textLabel.isFocusWidget else { return false }
            let forward = key.keyName == "Tab" && key.modifiers.isEmpty
            guard forward || key.keyName == "ISO_Left_Tab" || (key.keyName == "Tab" && key.modifiers == .shift) else { return false }
            if self.textLabel.takeFocus(forward: forward) { return true }
            if forward { box.moveFocusOnward() } else { box.grabFocus() }
            return true
        }
        textLabel.onActivateLink { [weak self] address in
            guard let self, let url = URL(string: address) else { return true }
            // With the text the link shows, which the address it opens may not read as.
            let preview = self.message.preview
            let written = MessageLinks.find(in: preview).first { $0.url.absoluteString == address }.map { String(preview[$0.range]) }
            self.onOpenLink?(url, written ?? address)
            return true
        }
        show(message)
    }

    func show(_ message: ChatMessage) {
        self.message = message
        // Only what changes: each change makes GTK measure the row again.
        if shownText != message.preview {
            shownText = message.preview
            let links = MessageLinks.find(in: message.preview)
            hasLinks = !links.isEmpty
            if links.isEmpty { textLabel.text = message.preview } else { textLabel.setMarkup(Self.markup(message.preview, links: links)) }
        }
        showSender()
        showPicture(message.picture)
        if textLabel.isVisible != (message.picture == nil || !message.preview.isEmpty) { textLabel.isVisible.toggle() }
        let quote = message.replyTo.map(Self.quoteText)
        if quoteLabel.isVisible != (quote != nil) { quoteLabel.isVisible = quote != nil }
        if let quote, quoteLabel.text != quote { quoteLabel.text = quote }
        if message.isLocal { bubble.addStyleClass("message-own") } else { bubble.removeStyleClass("message-own") }
        line.packsFromRight = message.isLocal
        // The line's start in its own direction: GTK reads alignment in the widget's direction.
        line.halign = .start
        if !revealer.revealsChild { revealer.revealsChild = true }
        updateNewLine()
        updateChosen()
        avatar.bind(nil)
        load(side: 0)
    }

    /// Shows whether the message is among the chosen ones, or open beside the chat (after either changed).
    func updateChosen() {
        let now = isChosen(message.origin)
        // The style class only when it changes: each change restyles the row.
        if now != chosen {
            chosen = now
            if now { view.addStyleClass("chosen") } else { view.removeStyleClass("chosen") }
        }
        let name = newLine.isVisible ? tr("New messages. {message}", ["message": message.accessibleName]) : message.accessibleName
        view.accessibleName = now ? tr("{item}, chosen", ["item": name]) : name
        let beside = isOpenBeside(message.origin)
        if view.showsSelected != beside { view.showsSelected = beside }
    }

    /// Shows the "New messages" line when this is the oldest message that came since; true when that changed.
    @discardableResult
    func updateNewLine() -> Bool {
        let shows = isFirstNew(message.origin)
        guard newLine.isVisible != shows else { return false }
        newLine.isVisible = shows
        return true
    }

    func showSender() {
        let name = message.isLocal ? tr("You") : senderName(message)
        if avatar.name != name ?? "" { avatar.name = name ?? "" }
        let caption = Self.caption(for: message, sender: name)
        if meta.text != caption { meta.text = caption }
    }

    /// The picture at its shape, bound while it shows (a row shown again keeps it); none hides it.
    private func showPicture(_ shown: ChatPicture?) {
        if picture.picture.isVisible != (shown != nil) { picture.picture.isVisible = shown != nil }
        guard shown?.url != boundPicture else { return }
        boundPicture = shown?.url
        guard let shown else { return picture.bind(nil) }
        let size = shown.shownSize(within: Self.pictureBound)
        picture.picture.setSizeRequest(width: size.width, height: size.height)
        picture.bind(ImageRequest(url: shown.url, maximumPixelSize: Self.pictureBound).counted(for: .messages))
    }

    func park() {
        avatar.bind(nil)
        picture.bind(nil)
        boundPicture = nil
        view.accessibleName = ""
    }

    /// Binds the avatar once the backend's address is known.
    func load(side: Int) {
        guard avatar.image.boundSize == nil, let url = avatarURL(message) else { return }
        avatar.bind(ImageRequest(url: url, maximumPixelSize: Self.avatarSize).counted(for: .messages))
    }

    var isLoaded: Bool { avatar.image.isLoaded }

    /// A click on a reply's quote shows the message it quotes, on a picture opens it; anywhere else, the grid's.
    func handleClick(atX x: Double, y: Double) -> Bool {
        if message.picture != nil, contains(picture.picture, x: x, y: y) {
            onOpenPicture?(message)
            return true
        }
        guard let quote = message.replyTo, quoteLabel.isVisible, contains(quoteLabel, x: x, y: y) else { return false }
        onOpenQuote?(quote.origin)
        return true
    }

    private func contains(_ part: Widget, x: Double, y: Double) -> Bool {
        guard part.isVisible, let at = part.origin(in: view) else { return false }
        let size = part.allocation
        return x >= Double(at.x) && x < Double(at.x + size.width) && y >= Double(at.y) && y < Double(at.y + size.height)
    }

    /// "↩ #12: …" or "↩ You: …".
    static func quoteText(_ quote: ReplyQuote) -> String {
        switch quote.origin {
        case .server(let number): tr("↩ #{number}: {text}", ["number": String(number), "text": quote.text])
        case .local: tr("↩ You: {text}", ["text": quote.text])
        }
    }

    /// The revealer: the row's box carries the grid's size request and adds no padding.
    var measuredContent: Widget { revealer }

    /// Slides a just-sent message in from below.
    func slideIn() {
        guard ThemeSettings().animationsEnabled else { return }
        revealer.transitionDuration = 0
        revealer.revealsChild = false
        revealer.transitionDuration = 250
        revealer.revealsChild = true
    }

    /// `text` as Pango markup, its links as links (underlined, in the theme's link colour).
    static func markup(_ text: String, links: [MessageLinks.Link]) -> String {
        var markup = "", position = text.startIndex
        for link in links {
            markup += Label.escaped(String(text[position..<link.range.lowerBound]))
            markup += "<a href=\"\(Label.escaped(link.url.absoluteString))\">\(Label.escaped(String(text[link.range])))</a>" // not translated
            position = link.range.upperBound
        }
        return markup + Label.escaped(String(text[position...]))
    }

    /// "Adam · #3" (the number alone until People is read), "You", "You · edited".
    static func caption(for message: ChatMessage, sender: String? = nil) -> String {
        switch message.origin {
        case .server(let number): sender.map { tr("{name} · #{number}", ["name": $0, "number": String(number)]) } ?? "#\(number)"
        case .local where message.editedAt != nil: tr("You · edited")
        case .local: tr("You")
        }
    }
}
