import Domain
import Features
import Gtk
import Localization

/// New messages told to the desktop while the person is elsewhere (GNotification): one notification
/// for the chat, replaced as more come, withdrawn once they are seen. A click shows the first that came.
@MainActor
final class ChatNotifications {
    static let id = "new-messages"
    /// The application's action a click runs; it takes the message's `ChatMessage.Origin.key`.
    static let actionName = "show-message"
    private let application: Application
    private let isElsewhere: @MainActor () -> Bool // the window not in use, or another section shown
    private let isEnabled: @MainActor () -> Bool // Preferences' "Notify about new messages"
    private var isShown = false
    private var known = 0 // the unread count last heard
    private var isPolling = false // what a launch found since the last one is not told: it is shown as it opens

    init(application: Application, isElsewhere: @escaping @MainActor () -> Bool, isEnabled: @escaping @MainActor () -> Bool) {
        self.application = application
        self.isElsewhere = isElsewhere
        self.isEnabled = isEnabled
    }

    /// The chat's unread count changed: told when it grew while the person is elsewhere.
    func unreadChanged(to count: Int, state: MessagesViewModel.State, names: [Int: String]) {
        defer { known = count }
        if count == 0 { return withdraw() }
        guard count > known, isPolling, isEnabled(), isElsewhere(),
              let newest = state.visible.last(where: { !$0.isLocal }), let first = state.newMessagesLine else { return }
        let name = names[newest.avatarNumber]
        let text = TextPreview.of(newest.text, characters: Self.bodyCharacters, lines: Self.bodyLines)
        let title = count == 1 ? name ?? tr("New message") : ntr("{count} new messages", "{count} new messages", count: count)
        let body = count == 1 || name == nil ? text : tr("{name}: {text}", ["name": name ?? "", "text": text])
        application.sendNotification(Self.id, title: title, body: body, action: "app." + Self.actionName,
                                     target: ChatMessage.Origin.server(number: first).key)
        isShown = true
    }

    /// Tells what comes while `ask` runs (a poll).
    func telling(while ask: () async -> Void) async {
        isPolling = true
        await ask()
        isPolling = false
    }

    /// Takes the notification back (its messages were seen, or notifying was switched off).
    func withdraw() {
        guard isShown else { return }
        isShown = false
        application.withdrawNotification(Self.id)
    }

    static let bodyCharacters = 200 // a notification shows two or three lines
    static let bodyLines = 3
}
