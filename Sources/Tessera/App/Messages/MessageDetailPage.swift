import Domain
import Foundation
import Gtk
import ImagePipeline
import Localization

/// One message: avatar, sender, when, text and "Delete message", fading in over a second.
@MainActor
final class MessageDetailPage: SettlingPage {
    let title: String
    let widget: Widget
    let message: ChatMessage
    let avatar: PersonAvatar
    /// "You", or the person in People whose avatar the message shows (`showSender`).
    let senderLabel: Label
    private var isSenderKnown: Bool
    let timeLabel: Label
    /// The whole message, however long, laid out between frames.
    let text: LongText
    let deleteButton = Button(label: tr("Delete message"))
    /// Why a delete failed; the message stays and can be deleted again.
    let notice = NoticeBar()
    /// Kept alive here: a GTK 3 gesture is not owned by its widget.
    private let swipe: SwipeGesture
    private var fadeStart: Int64?

    static let fadeDuration: Int64 = 1_000_000 // microseconds

    /// `delete` deletes and closes, returning why it failed if it did; `dismissNotice`: that reason dismissed.
    init(message: ChatMessage, avatarURL: URL?, pipeline: ImagePipeline,
         goBack: @escaping @MainActor () -> Void, delete: @escaping @MainActor () async -> String?,
         dismissNotice: @escaping @MainActor () -> Void) {
        self.message = message
        title = switch message.origin {
        case .server(let number): tr("Message {number}", ["number": String(number)])
        case .local: tr("Your Message")
        }
        avatar = PersonAvatar(pipeline: pipeline, size: 96)
        avatar.image.picture.accessibleName = message.isLocal ? tr("Your avatar") : tr("Sender's avatar")
        if message.isLocal { avatar.name = tr("You") }
        if let avatarURL { avatar.bind(ImageRequest(url: avatarURL, maximumPixelSize: 96).counted(for: .messages)) }
        senderLabel = Label(message.isLocal ? tr("You") : "")
        senderLabel.addStyleClass("title-2")
        senderLabel.wraps = true
        isSenderKnown = message.isLocal
        timeLabel = Label(Self.timeText(for: message))
        timeLabel.addStyleClass("dim-label")
        text = LongText(message.text, accessibleName: tr("Message text"))
        // A chat line is centred under the avatar; a long text reads better from the left.
        text.view.setJustification(message.text.utf8.count <= Self.centredLength ? .center : .left)
        text.view.addStyleClass("message-detail-text")
        text.widget.setSizeRequest(width: Self.textWidth, height: -1)
        deleteButton.addStyleClass("destructive-action")
        deleteButton.halign = .center
        let box = Box(.vertical, spacing: 18)
        box.setMargins(top: 48, bottom: 24, start: 24, end: 24)
        // As tall as a short message needs; a long one scrolls in the text's own scroller.
        box.valign = .start
        box.halign = .center
        box.vexpand = true
        box.append(avatar.widget)
        box.append(senderLabel)
        box.append(timeLabel)
        box.append(text.widget)
        box.append(deleteButton)
        let page = Box(.vertical)
        page.append(notice.widget)
        page.append(box, expand: true)
        widget = page
        swipe = SwipeGesture(on: page)
        swipe.onSwipe { velocityX, velocityY in
            if velocityX > 400, abs(velocityX) > 2 * abs(velocityY) { goBack() } // left to right
        }
        deleteButton.onClicked { [weak self] in
            guard let self else { return }
            self.deleteButton.isSensitive = false
            Task { [weak self] in
                let problem = await delete()
                guard let self, let problem else { return }
                self.notice.show(problem)
                self.deleteButton.isSensitive = true
            }
        }
        notice.onClick = dismissNotice
        startFade()
    }

    var fadingElements: [Widget] { [avatar.widget, senderLabel, timeLabel, text.widget, deleteButton] }

    /// Names the sender once People is read; nil: no one has the message's avatar.
    func showSender(_ name: String?) {
        senderLabel.text = name ?? ""
        avatar.name = name ?? ""
        isSenderKnown = true
    }

    /// Messages up to this many bytes are centred (a chat line or two); longer ones start left.
    static let centredLength = 280
    /// The text column's width: about 60 characters a line.
    static let textWidth = 480

    /// Avatar settled, sender named, text in and the fade done.
    var isSettled: Bool {
        isSenderKnown && (avatar.image.isLoaded || avatar.image.boundSize == nil) && text.isComplete && fadingElements.allSatisfy { $0.opacity >= 1 }
    }

    /// Every element from transparent to opaque over one second (at once with animations off).
    private func startFade() {
        guard ThemeSettings().animationsEnabled else { return }
        fadingElements.forEach { $0.opacity = 0 }
        _ = widget.addTickCallback { [weak self] frameTime in
            guard let self else { return false }
            let start = self.fadeStart ?? frameTime
            self.fadeStart = start
            let progress = min(1, Double(frameTime - start) / Double(Self.fadeDuration))
            self.fadingElements.forEach { $0.opacity = progress }
            return progress < 1
        }
    }

    static func timeText(for message: ChatMessage) -> String {
        guard let date = message.sentAt else { return "" }
        let formatted = date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: Localization.locale))
        return message.isLocal ? tr("Sent {time}", ["time": formatted]) : tr("Received {time}", ["time": formatted])
    }
}
