import Domain
import Foundation
import Gtk
import Localization

/// The chat's search: found messages as typed, numbers and words in bold; Enter shows one, Escape closes.
@MainActor
final class MessageSearchBar {
    /// The search band, then what it found (shown together).
    let widget = Box(.vertical)
    let band: SearchBar
    private let found: Revealer
    let entry = Entry(searchPlaceholder: tr("Search messages"))
    let results = ListBox(selectable: true)
    /// How many were found, or that none were, in words.
    let status = Label()
    /// Looks through the messages not seen yet (older pages asked of the server), or stops that.
    let olderButton = Button(label: tr("Search Older Messages"))
    private let scroller = ScrolledWindow()
    private var rows: [ListBoxRow] = []
    private(set) var foundTexts: [Label] = []
    private(set) var hits: [MessageSearchHit] = []
    /// What was typed: look it up (the page asks the view-model and calls `show`).
    var onSearch: ((String) -> Void)?
    var onChoose: ((MessageSearchHit) -> Void)?
    var onClose: (() -> Void)?
    /// Search Older Messages was pressed (true), or Stop (false).
    var onSearchOlder: ((Bool) -> Void)?
    /// Older messages are being looked through.
    private(set) var isSearchingOlder = false
    /// Whether there are older messages than those seen (the chat has not reached its beginning).
    var hasOlder = true { didSet { updateOlderButton() } }
    private var pending: DispatchWorkItem?
    /// What is typed has not been looked up yet (or its answer has not come).
    private(set) var isSearching = false

    /// How long typing rests before the text is looked up: a word's keys come faster.
    static let typingPause: DispatchTimeInterval = .milliseconds(120)
    /// The list's height at most: some six results, the chat still in view below.
    static let listHeight = 240

    init() {
        entry.accessibleName = tr("Search messages")
        results.selectionMode = .single
        results.accessibleName = tr("Messages found")
        scroller.add(results)
        scroller.propagatesNaturalHeight = true
        scroller.setMaxContentHeight(Self.listHeight)
        status.xalign = 0
        status.addStyleClass("dim-label")
        let box = Box(.vertical, spacing: 6)
        box.setMargins(top: 6, bottom: 8, start: 12, end: 12)
        let line = Box(.horizontal, spacing: 6)
        line.append(status, expand: true)
        line.append(olderButton)
        box.append(line)
        box.append(scroller)
        let under = Box(.vertical)
        under.addStyleClass("messages-search")
        under.append(Clamp(box, maximumWidth: Clamp.listWidth + 24))
        band = SearchBar(entry: entry)
        found = Revealer(child: under, transition: .slideDown, duration: 150)
        widget.append(band)
        widget.append(found)
        widget.showAll()
        status.keepsOwnVisibility = true
        status.isVisible = false
        olderButton.keepsOwnVisibility = true
        olderButton.isVisible = false
        olderButton.onClicked { [weak self] in
            guard let self else { return }
            self.onSearchOlder?(!self.isSearchingOlder)
        }

        _ = entry.onChanged { [weak self] in self?.typed() }
        entry.onMap { [weak self] in
            guard let self, self.focusWhenShown else { return }
            self.focusWhenShown = false
            self.entry.grabFocus()
        }
        _ = entry.onActivate { [weak self] in self?.chooseSelected() }
        _ = entry.onKeyPress { [weak self] key in self?.handleKey(key) ?? false }
        _ = results.onRowActivated { [weak self] index in self?.choose(at: index) }
        _ = results.onKeyPress { [weak self] key in
            guard key.keyName == "Escape" else { return false }
            self?.close()
            return true
        }
    }

    var isOpen: Bool { band.isOpen }

    /// Opens with its text selected; it takes keys once on screen, else a release reaches an unrealized widget.
    func open() {
        band.isOpen = true
        showFound()
        if entry.isMapped { entry.grabFocus() } else { focusWhenShown = true }
    }

    /// What was found shows under the band once something is typed or found.
    private func showFound() {
        found.revealsChild = band.isOpen && (!hits.isEmpty || !entry.text.trimmingCharacters(in: .whitespaces).isEmpty)
    }

    /// The text takes the focus when it is next mapped (the search was just opened).
    private var focusWhenShown = false

    func close() {
        pending?.cancel()
        isSearching = false
        if isSearchingOlder { onSearchOlder?(false) }
        band.isOpen = false
        found.revealsChild = false
        onClose?()
    }

    /// Lists `hits`, found for what is typed now, the first one selected.
    func show(_ hits: [MessageSearchHit]) {
        isSearching = pending != nil
        self.hits = hits
        rows.forEach { results.remove($0) }
        // The senders in a column as wide as the widest, right-aligned: the texts start in line.
        let senders = SizeGroup()
        foundTexts = []
        rows = hits.map { hit in
            let sender = Label()
            sender.setMarkup("<span weight=\"bold\" alpha=\"60%\">\(Label.escaped(Self.sender(of: hit)))</span>") // not translated
            senders.add(sender)
            sender.xalign = 1
            sender.valign = .start
            let label = Label()
            label.setMarkup(Self.markup(of: hit, typed: entry.text))
            label.xalign = 0
            label.wraps = true
            label.ellipsize(afterLines: 2)
            let line = Box(.horizontal, spacing: 12)
            line.setMargins(6)
            line.append(sender)
            line.append(label, expand: true)
            foundTexts.append(label)
            let row = ListBoxRow(child: line)
            row.accessibleName = Self.spoken(hit)
            results.append(row)
            return row
        }
        results.showAll()
        if let first = rows.first { results.select(first) }
        let typed = entry.text.trimmingCharacters(in: .whitespaces)
        status.isVisible = !typed.isEmpty
        if !isSearchingOlder { status.text = foundText }
        updateOlderButton()
        showFound()
    }

    /// Older messages are being searched, `loaded` so far; nil: that ended.
    func searchingOlder(loaded: Int?) {
        isSearchingOlder = loaded != nil
        if let loaded {
            status.text = ntr("Looking through older messages: {count} loaded…", "Looking through older messages: {count} loaded…", count: loaded)
            status.isVisible = true
        } else {
            status.text = foundText
        }
        updateOlderButton()
    }

    /// "3 messages found", or that none were.
    private var foundText: String {
        hits.isEmpty ? tr("No messages found") : ntr("{count} message found", "{count} messages found", count: hits.count)
    }

    /// Offered while something is typed and older messages are there to be looked through.
    private func updateOlderButton() {
        let typed = !entry.text.trimmingCharacters(in: .whitespaces).isEmpty
        olderButton.isVisible = isSearchingOlder || (typed && hasOlder)
        olderButton.label = isSearchingOlder ? tr("Stop") : tr("Search Older Messages")
    }

    /// The message's number, or "You" for one written here.
    static func sender(of hit: MessageSearchHit) -> String {
        switch hit.origin {
        case .server(let number): String(number)
        case .local: tr("You")
        }
    }

    /// "…words found…", in bold as far as they were typed.
    static func markup(of hit: MessageSearchHit, typed: String) -> String {
        hit.pieces(typed: typed).map { $0.isMatch ? "<b>\(Label.escaped($0.text))</b>" : Label.escaped($0.text) }.joined()
    }

    /// "Message 12: …", as the chat's rows are read.
    static func spoken(_ hit: MessageSearchHit) -> String {
        switch hit.origin {
        case .server(let number): tr("Message {number}: {text}", ["number": String(number), "text": hit.plainSnippet])
        case .local: tr("Your message: {text}", ["text": hit.plainSnippet])
        }
    }

    private func typed() {
        showFound()
        pending?.cancel()
        isSearching = true
        let work = DispatchWorkItem { [weak self] in
            guard let self else { return }
            self.pending = nil
            self.onSearch?(self.entry.text)
        }
        pending = work
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.typingPause, execute: work)
    }

    /// Up and Down choose among the results while the text keeps the focus; Escape closes.
    private func handleKey(_ key: KeyEvent) -> Bool {
        switch key.keyName {
        case "Escape":
            close()
            return true
        case "Down", "KP_Down", "Up", "KP_Up":
            guard !rows.isEmpty else { return true }
            let step = key.keyName.hasSuffix("Down") ? 1 : -1
            let index = min(max((results.selectedIndex ?? -1) + step, 0), rows.count - 1)
            results.select(rows[index])
            return true
        default:
            return false
        }
    }

    private func chooseSelected() {
        pending?.cancel()
        pending = nil
        choose(at: results.selectedIndex ?? 0)
    }

    private func choose(at index: Int) {
        guard hits.indices.contains(index) else { return }
        onChoose?(hits[index])
    }
}
