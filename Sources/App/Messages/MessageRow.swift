import Domain
import Foundation
import Gtk
import ImagePipeline

/// One message: a round avatar and a bubble with the message's number and text. The user's own
/// messages sit on the right in the accent colour. New ones slide in (a revealer).
@MainActor
final class MessageRow {
    let message: ChatMessage
    let row: ListBoxRow
    let avatar: ImageView
    let textLabel: Label
    let revealer: Revealer

    static let avatarSize = 36

    init(message: ChatMessage, pipeline: ImagePipeline, reveal: Bool) {
        self.message = message
        avatar = ImageView(pipeline: pipeline, iconSize: 20, scaling: .fill)
        avatar.picture.isCircular = true
        avatar.picture.addStyleClass("avatar")
        avatar.picture.setSizeRequest(width: Self.avatarSize, height: Self.avatarSize)
        avatar.picture.valign = .end
        textLabel = Label(message.text)
        textLabel.wraps = true
        textLabel.xalign = 0
        textLabel.setMaxWidthChars(60)
        let bubble = Box(.vertical, spacing: 2)
        bubble.addStyleClass("message-bubble")
        if message.isLocal { bubble.addStyleClass("message-own") }
        let meta = Label(Self.caption(for: message))
        meta.addStyleClass("message-meta")
        meta.xalign = 0
        bubble.append(meta)
        bubble.append(textLabel)
        let line = Box(.horizontal, spacing: 8)
        line.setMargins(top: 4, bottom: 4, start: 12, end: 12)
        if message.isLocal {
            line.halign = .end
            line.append(bubble)
            line.append(avatar.picture)
        } else {
            line.halign = .start
            line.append(avatar.picture)
            line.append(bubble)
        }
        revealer = Revealer(child: line, transition: .slideUp, duration: 250)
        revealer.revealsChild = !reveal
        row = ListBoxRow(child: revealer)
        row.accessibleName = message.accessibleName
        row.addStyleClass("message-row")
        row.showAll()
        revealer.keepsOwnVisibility = true // hidden while the row is far from the view
    }

    /// Starts the slide-in of a just-sent message.
    func reveal() { revealer.revealsChild = true }

    /// Whether the row shows its content. A row far from the view hides it and keeps only its
    /// height (see `MessagesPage.updateHydration`), so laying out a long history does not lay out
    /// every bubble and label in it; its accessible name stays.
    private(set) var isHydrated = true

    func dehydrate(height: Int) {
        guard isHydrated else { return }
        row.setSizeRequest(width: -1, height: height)
        revealer.isVisible = false
        isHydrated = false
    }

    func hydrate() {
        guard !isHydrated else { return }
        revealer.isVisible = true
        row.setSizeRequest(width: -1, height: -1)
        isHydrated = true
    }

    func bindAvatar(_ url: URL?) {
        guard let url else { return }
        avatar.bind(ImageRequest(url: url, maximumPixelSize: Self.avatarSize * 2))
    }

    static func caption(for message: ChatMessage) -> String {
        switch message.origin {
        case .server(let number): "#\(number)"
        case .local: "You"
        }
    }
}
