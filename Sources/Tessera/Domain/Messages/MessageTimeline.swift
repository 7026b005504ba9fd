import DequeModule
import Foundation
import Localization

/// One message of the chat as shown.
public struct ChatMessage: Equatable, Sendable, Identifiable {
    public enum Origin: Equatable, Hashable, Sendable {
        /// From the server: its number counts from 1, the newest, so it follows the offset.
        case server(number: Int)
        /// Sent from this computer and stored in the database.
        case local(id: Int64)
    }

    public var origin: Origin
    public var text: String { didSet { preview = text.preview } }
    /// The message this one answers, if it is a reply.
    public var replyTo: ReplyQuote?
    /// The text bounded for the row and a screen reader, made with the message (off the main thread with it).
    public private(set) var preview: String
    /// When it was sent (local messages) or received (server messages, which carry no time).
    public var sentAt: Date?
    /// When the user last corrected it (their own messages), nil when never.
    public var editedAt: Date?
    /// A picture sent with it (their own messages); the text is then its caption, maybe empty.
    public var picture: ChatPicture?

    public init(origin: Origin, text: String, sentAt: Date? = nil, editedAt: Date? = nil, replyTo: ReplyQuote? = nil,
                picture: ChatPicture? = nil) {
        self.origin = origin
        self.text = text
        preview = text.preview
        self.sentAt = sentAt
        self.editedAt = editedAt
        self.replyTo = replyTo
        self.picture = picture
    }

    public var id: Origin { origin }

    /// Server message n shows avatar ((n - 1) mod 20) + 1, so a sender keeps a face; the user's own show 20.
    public var avatarNumber: Int {
        switch origin {
        case .server(let number): (number - 1) % 20 + 1
        case .local: 20
        }
    }
    public var isLocal: Bool { if case .local = origin { true } else { false } }

    /// "Message 12: …" or "Your message: …", with the text's preview (`TextPreview`).
    public var accessibleName: String {
        switch origin {
        case .server(let number): tr("Message {number}: {text}", ["number": String(number), "text": preview])
        case .local where picture != nil && preview.isEmpty: tr("Your picture")
        case .local where picture != nil: tr("Your picture: {text}", ["text": preview])
        case .local where replyTo != nil: tr("Your reply: {text}", ["text": preview])
        case .local where editedAt != nil: tr("Your message, edited: {text}", ["text": preview])
        case .local: tr("Your message: {text}", ["text": preview])
        }
    }
}

/// The chat's history in contract pages of 20 from offset 0 upwards, numbered by offset.
public struct MessageTimeline: Equatable, Sendable {
    public static let pageSize = 20

    /// Shown top to bottom, oldest server message first, local last; a deque for cheap prepends.
    public private(set) var visible: Deque<ChatMessage> = []
    /// How many of `visible`, at its end, are local messages.
    private var localCount = 0
    /// Server messages hidden for this session, by number.
    public private(set) var hidden: Set<Int> = []
    /// The offset the next (older) page is asked at.
    public private(set) var nextOffset = 0
    /// The server answered an empty page: there is nothing older.
    public private(set) var reachedBeginning = false
    /// Server messages let go above those held, by number; they wait in the saved pages (`hold`).
    public private(set) var numbersAbove = 0
    /// Server messages let go below those held (the newest), by number.
    public private(set) var numbersBelow = 0

    public init() {}

    /// The server messages held, by number; nil when none is loaded.
    public var heldNumbers: ClosedRange<Int>? {
        let newest = numbersBelow + 1, oldest = nextOffset - numbersAbove
        return newest <= oldest ? newest...oldest : nil
    }
    /// Rows let go above those held (their messages not hidden).
    public var releasedAbove: Int { numbersAbove > 0 ? rows(in: (nextOffset - numbersAbove + 1)...nextOffset) : 0 }
    /// Rows let go below those held, above the local messages.
    public var releasedBelow: Int { numbersBelow > 0 ? rows(in: 1...numbersBelow) : 0 }
    /// The server messages held, at the start of `visible`.
    public var heldServerCount: Int { visible.count - localCount }
    /// Every server message loaded and not hidden, held or let go: the rows above the local ones.
    public var serverRows: Int { releasedAbove + heldServerCount + releasedBelow }

    /// The rows (messages not hidden) among the numbers `numbers`.
    private func rows(in numbers: ClosedRange<Int>) -> Int {
        numbers.count - hidden.count(where: { numbers.contains($0) })
    }

    /// The server message number in `row` (0: oldest loaded); nil past the newest.
    public func number(atRow row: Int) -> Int? {
        guard row >= 0 else { return nil }
        var number = nextOffset - row
        for skipped in hidden.sorted(by: >) where skipped >= number { number -= 1 }
        return number >= 1 ? number : nil
    }

    /// The row of server message `number` (as `number(atRow:)` counts); nil when not loaded or hidden.
    public func row(ofNumber number: Int) -> Int? {
        guard (1...max(1, nextOffset)).contains(number), nextOffset > 0, !hidden.contains(number) else { return nil }
        return nextOffset - number - hidden.count(where: { $0 > number })
    }

    /// The numbers in `numbers` (clamped to those loaded) not held: one or two runs for `hold` to read back.
    public func numbersNotHeld(in numbers: ClosedRange<Int>) -> [ClosedRange<Int>] {
        guard let wanted = Self.clamped(numbers, to: nextOffset) else { return [] }
        guard let held = heldNumbers, held.overlaps(wanted) else { return [wanted] }
        var runs: [ClosedRange<Int>] = []
        if wanted.lowerBound < held.lowerBound { runs.append(wanted.lowerBound...(held.lowerBound - 1)) }
        if wanted.upperBound > held.upperBound { runs.append((held.upperBound + 1)...wanted.upperBound) }
        return runs
    }

    private static func clamped(_ numbers: ClosedRange<Int>, to nextOffset: Int) -> ClosedRange<Int>? {
        let lower = max(1, numbers.lowerBound), upper = min(nextOffset, numbers.upperBound)
        return lower <= upper ? lower...upper : nil
    }

    /// Holds `numbers`, letting go of others, from `fetched`; false and unchanged when one is missing.
    @discardableResult
    public mutating func hold(_ numbers: ClosedRange<Int>, adding fetched: [ChatMessage]) -> Bool {
        guard let wanted = Self.clamped(numbers, to: nextOffset) else { return false }
        var byNumber: [Int: ChatMessage] = [:]
        // Those held win over those read back.
        for message in fetched + visible.prefix(heldServerCount) {
            if case .server(let number) = message.origin { byNumber[number] = message }
        }
        var server: [ChatMessage] = []
        server.reserveCapacity(wanted.count)
        for number in wanted.reversed() where !hidden.contains(number) {
            guard let message = byNumber[number] else { return false }
            server.append(message)
        }
        visible.replaceSubrange(0..<heldServerCount, with: server)
        numbersAbove = nextOffset - wanted.upperBound
        numbersBelow = wanted.lowerBound - 1
        return true
    }

    /// Whether the list shows anything.
    public var hasVisible: Bool { !visible.isEmpty }

    /// Adds the page at `offset`, returning how many went on top; other offsets ignored, extras cut.
    @discardableResult
    public mutating func receive(page: [String], at offset: Int, receivedAt: Date = Date()) -> Int {
        receive(Self.messages(of: page, at: offset, receivedAt: receivedAt), pageCount: page.count, at: offset)
    }

    /// `receive(page:at:)` for messages made already off the main thread; `pageCount`: the page's texts.
    @discardableResult
    public mutating func receive(_ messages: [ChatMessage], pageCount: Int, at offset: Int) -> Int {
        guard offset == nextOffset, !reachedBeginning else { return 0 }
        if pageCount == 0 {
            reachedBeginning = true
            return 0
        }
        let shown = messages.reversed().filter { message in
            guard case .server(let number) = message.origin else { return true }
            return !hidden.contains(number)
        }
        // While the top is let go, the page's rows go on top of it, let go too (it is saved).
        if numbersAbove > 0 {
            numbersAbove += messages.count
        } else {
            visible.prepend(contentsOf: shown)
        }
        nextOffset = offset + messages.count
        if Self.endsHistory(pageCount: pageCount) { reachedBeginning = true }
        return shown.count
    }

    /// Whether a page of `pageCount` texts is the history's oldest: an empty page, or a short one.
    public static func endsHistory(pageCount: Int) -> Bool { pageCount < pageSize }

    /// The page's messages numbered by offset, at most `pageSize`.
    public static func messages(of page: [String], at offset: Int, receivedAt: Date) -> [ChatMessage] {
        page.prefix(pageSize).enumerated().map { index, text in
            ChatMessage(origin: .server(number: offset + index + 1), text: text, sentAt: receivedAt)
        }
    }

    /// Restores saved server messages and the next offset; before any page only.
    public mutating func restore(server messages: [ChatMessage], nextOffset: Int, reachedBeginning: Bool, letGoAbove: Int = 0,
                                 letGoBelow: Int = 0) {
        guard self.nextOffset == 0 else { return }
        visible.prepend(contentsOf: messages)
        self.nextOffset = nextOffset
        self.reachedBeginning = reachedBeginning
        numbersAbove = letGoAbove
        numbersBelow = letGoBelow
    }

    /// The newest page asked again after a restore: unchanged, false; else the history moved, the server's
    /// messages give way to it and older pages are asked again, true.
    public mutating func refreshNewest(page: [String], receivedAt: Date = Date()) -> Bool {
        var savedTexts: [Int: String] = [:]
        for message in visible.prefix(heldServerCount).suffix(Self.pageSize) {
            if case .server(let number) = message.origin { savedTexts[number] = message.text }
        }
        return refreshNewest(Self.messages(of: page, at: 0, receivedAt: receivedAt), pageCount: page.count, saved: savedTexts)
    }

    /// `refreshNewest(page:)` for messages made already; `pageCount`: the page's texts; `saved`: the saved
    /// texts of the newest page's numbers, held or not.
    public mutating func refreshNewest(_ fresh: [ChatMessage], pageCount: Int, saved savedTexts: [Int: String]) -> Bool {
        let agrees = fresh.allSatisfy { message in
            guard case .server(let number) = message.origin else { return false }
            return hidden.contains(number) || savedTexts[number] == message.text
        } && (fresh.count == Self.pageSize || reachedBeginning && nextOffset == fresh.count)
        if agrees { return false }
        visible.removeFirst(visible.count - localCount)
        hidden = []
        nextOffset = 0
        numbersAbove = 0
        numbersBelow = 0
        reachedBeginning = false
        receive(fresh, pageCount: pageCount, at: 0)
        return true
    }

    /// The list grew at its head: loaded messages move up, `newest` go below them.
    public mutating func grow(adding newest: [ChatMessage]) {
        let count = newest.count
        guard count > 0 else { return }
        for index in 0..<heldServerCount {
            if case .server(let number) = visible[index].origin { visible[index].origin = .server(number: number + count) }
        }
        hidden = Set(hidden.map { $0 + count })
        nextOffset += count
        if numbersBelow > 0 {
            numbersBelow += count
        } else {
            visible.insert(contentsOf: newest.reversed(), at: heldServerCount)
        }
    }

    public mutating func setLocal(_ messages: [ChatMessage]) {
        visible.removeLast(localCount)
        visible.append(contentsOf: messages)
        localCount = messages.count
    }

    public mutating func appendLocal(_ message: ChatMessage) {
        visible.append(message)
        localCount += 1
    }

    /// Puts `message` in place of the one with its origin; its index, or nil when not shown.
    @discardableResult
    public mutating func replace(_ message: ChatMessage) -> Int? {
        guard let index = visible.firstIndex(where: { $0.origin == message.origin }) else { return nil }
        visible[index] = message
        return index
    }

    /// Removes a message: a local one from the list, a server one hidden for the session.
    public mutating func remove(_ origin: ChatMessage.Origin) {
        if case .server(let number) = origin { hidden.insert(number) }
        guard let index = visible.firstIndex(where: { $0.origin == origin }) else { return }
        visible.remove(at: index)
        if case .local = origin { localCount -= 1 }
    }
}
