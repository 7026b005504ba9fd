import DequeModule
import Domain
import Features
import Foundation
import Gtk
import Localization

/// The chat and a message's detail, beside it when wide, pushed when narrow.
@MainActor
final class MessagesCoordinator: SectionCoordinator {
    private let services: SectionServices
    private var following: AnyObject?
    private var polling: ChatPolling?
    private(set) var notifications: ChatNotifications?

    init(services: SectionServices) {
        self.services = services
        let me = WeakReference<MessagesCoordinator>()
        let source = services.backend
        let model = services.makeMessagesModel()
        let main = services.mainWindow
        let chat = MessagesPage(model: model, pipeline: services.images, backend: { await source.resolve() },
                                window: { main()?.window }) { message, avatar in
            me.object?.open(message, avatarURL: avatar)
        }
        super.init(section: .messages, root: chat, detailPane: true)
        me.object = self
        chat.composer.checkSpelling(in: services.spellingLanguages, remember: { services.rememberSpelling($0) },
                                    after: { [weak chat] in chat?.showsContentInView ?? true })
        let notifications = services.application.map { application in
            ChatNotifications(application: application, isElsewhere: {
                guard let main = main() else { return true }
                return !main.window.isActive || main.currentSection != .messages
            }, isEnabled: services.notifiesMessages)
        }
        self.notifications = notifications
        polling = ChatPolling(model: model, interval: services.chatPollInterval) { [dataSaving = services.dataSaving] in
            main()?.window.isInWindowOutOfSight ?? true || dataSaving.isSaving
        } asking: { ask in
            if let notifications { await notifications.telling(while: ask) } else { await ask() }
        }
        chat.unread.onCountChange = { [weak chat] count in
            main()?.sidebar.showUnread(count, in: .messages)
            guard let chat else { return }
            notifications?.unreadChanged(to: count, state: chat.model.state, names: chat.senderNames)
        }
        if let window = main()?.window {
            chat.unread.windowIsActive = { [weak window] in window?.isActive ?? false }
            window.onNotify("is-active") { [weak chat] in chat?.unread.markSeen() }
        }
        let people = services.peopleModel
        following = people.follow { [weak self, weak chat] everyone in
            let names = Dictionary(everyone.map { ($0.avatarNumber, $0.name) }) { first, _ in first }
            chat?.senderNames = names
            if let detail = self?.detail, !detail.message.isLocal { detail.showSender(names[detail.message.avatarNumber]) }
        }
        chat.pictures.onOpen = { [weak self] message in self?.view(message) }
        chat.onMessagesShown = { [weak self, weak chat] (messages: Deque<ChatMessage>) in
            guard let self, let key = self.detailToReopen else { return }
            self.detailToReopen = nil
            if let message = messages.first(where: { $0.origin.key == key }) { self.reopen { chat?.openDetail(of: message) } }
        }
    }

    /// The chat, back from a detail, at the message of `messageKey` (a notification was clicked).
    func show(messageKey: String) {
        guard let origin = ChatMessage.Origin(key: messageKey) else { return }
        popToRoot()
        (pages.first as? MessagesPage)?.show(origin)
    }

    /// The viewer on a picture sent in the chat, among the chat's others; leaving it focuses its message.
    private func view(_ message: ChatMessage) {
        guard let chat = pages.first as? MessagesPage else { return }
        let sent = chat.model.state.visible.filter { $0.picture != nil }
        guard let index = sent.firstIndex(where: { $0.origin == message.origin }) else { return }
        let items = sent.compactMap { message in
            message.picture.map { ViewerItem(id: message.origin.key, url: $0.url, kind: .picture,
                                             name: message.preview.isEmpty ? tr("Your picture") : message.preview) }
        }
        let main = services.mainWindow
        pushViewer(ViewerPage(items: items, index: index, pipeline: services.images, section: .messages,
                              goBack: { [weak self] in self?.pop() }, window: { main()?.window }, viewerChoices: services.viewerChoices, onMove: { main()?.updateChrome() },
                              onLeave: { [weak chat] item in
                                  guard let origin = ChatMessage.Origin(key: item.id), let index = chat?.grid.index(of: origin) else { return }
                                  chat?.grid.focus(index: index)
                              }))
    }

    override var openDetailKey: String? { detail.map { $0.message.origin.key } }

    /// The detail open now, in the pane or pushed.
    var detail: MessageDetailPage? { (pages.count > 1 ? pages.last : paneDetail) as? MessageDetailPage }

    /// Shows `message`'s detail; a certain delete closes it, a refused one keeps it with the reason.
    func open(_ message: ChatMessage, avatarURL: URL?) {
        guard let chat = pages.first as? MessagesPage, detail?.message.origin != message.origin else { return }
        let page = MessageDetailPage(message: message, avatarURL: avatarURL, pipeline: services.images,
                               goBack: { [weak self] in self?.pop() },
                               delete: { [weak self, weak chat] in
            guard let chat else { return nil }
            let deleted = await chat.model.delete(message.origin) { self?.pop() }
            return deleted ? nil : chat.model.state.notice
        }, dismissNotice: { [weak chat] in chat?.model.dismissNotice() })
        showDetail(page)
        showSelection()
        if !message.isLocal { nameSender(on: page, in: chat) }
    }

    /// The person whose face the message shows, by the chat's names from People, once read (or failed).
    private func nameSender(on page: MessageDetailPage, in chat: MessagesPage) {
        let people = services.peopleModel
        Task { [weak page, weak chat] in
            await people.loaded()
            guard let page else { return }
            page.showSender(chat?.senderNames[page.message.avatarNumber])
        }
    }

    override func panesChanged() { showSelection() }

    /// The row of the message open in the pane shows as selected; none while the detail is a page.
    private func showSelection() {
        (pages.first as? MessagesPage)?.openBeside = (paneDetail as? MessageDetailPage)?.message.origin
    }

    override func detailClosed(_ page: any Page) {
        showSelection()
        guard let detail = page as? MessageDetailPage, let chat = pages.first as? MessagesPage,
              let index = chat.grid.index(of: detail.message.origin) else { return }
        chat.grid.focus(index: index)
    }
}
